import type { Later } from '../contract/maybeAsync.js';
import type { Tool } from '../decorators/Tool.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import type { ToolRequest } from '../contract/ToolRequest.js';
import type { ToolResult } from '../values/ToolResult.js';

/**
 * A call once every check before its body passed (found, within its limits, valid, parsed,
 * permitted): what a step in `BasicToolExecutorOptions.steps.beforeInvoke` reads.
 */
export interface PermittedCall {
  /** The request as the host or the model made it. */
  readonly request: ToolRequest;
  /** The tool the request names. */
  readonly tool: Tool;
  /** The parsed input (an instance of the input class for DTO tools). */
  readonly input: unknown;
  /** The body's budget, from when it starts. */
  readonly timeoutMs: number;
  /** What can cancel the call besides its deadline (the host's signal, a parent call's). */
  readonly signal: AbortSignal | undefined;
}

/** A call whose body answered a well-formed result: what a step in `steps.afterResult` reads. */
export interface FinishedCall extends PermittedCall {
  /** The result the call completes with; a step may replace it (to redact, say). */
  result: ToolResult;
}

/**
 * What a step answers: the call it was given (go on to the next step), an outcome (the call
 * ends with it), or either later. A step that throws ends the call `internal`.
 */
export type StepAnswer<Out> = Out | ToolExecutionOutcome | Later<Out | ToolExecutionOutcome>;

/** One named step of a call: it reads the phase `In` and answers the phase `Out` (or an end). */
export interface ExecutorStep<In, Out = In> {
  /** Names the step in errors (`step \`rateLimit\` answered neither the call nor an outcome`). */
  readonly name: string;
  /** Reads the call and answers it (go on), an outcome (end it), or either later. */
  run(call: In): Out | ToolExecutionOutcome | Later<Out | ToolExecutionOutcome>;
}

/**
 * A step, frozen. Every step has this one shape, so the runner's `step.run` load stays
 * monomorphic however many steps a list holds.
 */
export function defineStep<In, Out = In>(name: string, run: (call: In) => StepAnswer<Out>): ExecutorStep<In, Out> {
  return Object.freeze({ name, run });
}
