import type { ToolExecutionOutcome } from '../../contract/ToolExecutionOutcome.js';
import type { ExecutorCall } from '../ExecutorCall.js';

/** A step's answer: the call goes on to the next step. */
export const CONTINUE: unique symbol = Symbol('agentkit-tools-core/continue');

/** What a step answers: {@link CONTINUE}, or the outcome that ends the call. */
export type StepResult = ToolExecutionOutcome | typeof CONTINUE;

/**
 * What `run` returns: a {@link StepResult} now, or a promise of one (the runner checks what it
 * resolves to). The one exception is the `invoke` step, which hands the runner the tool body's
 * own promise, marking the call `running`: its value is the body's return value.
 */
export type StepAnswer = StepResult | PromiseLike<unknown>;

/**
 * One named step of the executor's pipeline (see `buildExecutorSteps`). `run` reads and writes
 * the call and answers {@link CONTINUE}, an outcome that ends the call, or a promise of either
 * (the runner awaits it under the call's budget: see `runSteps`). A step that throws ends the
 * call `internal`; a step with failures of its own (a tool's parse or preflight) catches them.
 */
export interface ExecutorStep {
  readonly name: string;
  run(call: ExecutorCall): StepAnswer;
}

/**
 * A step, frozen. Every step has this one shape, so the runner's `step.run` load stays
 * monomorphic however many steps the list holds.
 */
export function defineStep(name: string, run: (call: ExecutorCall) => StepAnswer): ExecutorStep {
  return Object.freeze({ name, run });
}
