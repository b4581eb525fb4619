import { isThenable, type MaybePromise } from '../../contract/maybeAsync.js';
import { isToolExecutionOutcome } from '../../contract/isToolExecutionOutcome.js';
import type { ToolExecutionOutcome } from '../../contract/ToolExecutionOutcome.js';
import { cancelledBeforeStart, checksTimedOut, internalFailure, internalFailureAfterBody } from '../callFailures.js';
import { DeadlineRace, type DeadlineEnd } from '../DeadlineRace.js';
import type { ExecutorCall } from '../ExecutorCall.js';
import { settleBody } from '../settleBody.js';
import { CONTINUE, type ExecutorStep, type StepResult } from './ExecutorStep.js';

/**
 * Runs the call's steps in order from `call.next`, synchronously while they answer
 * synchronously: the first outcome a step answers ends the call. A step that answers a promise
 * is awaited under the call's budget (see `awaitStep`), and the steps after it run when it
 * resolves. A step that throws ends the call `internal` (`invoked` says whether the body had
 * started). Never throws; the promise it may return never rejects.
 */
export function runSteps(call: ExecutorCall): MaybePromise<ToolExecutionOutcome> {
  const { steps } = call;
  try {
    while (call.next < steps.length) {
      const answer = (steps[call.next++] as ExecutorStep).run(call);
      if (answer === CONTINUE) continue;
      if (isThenable(answer)) return awaitStep(call, answer);
      return answer;
    }
    return internalFailure(new Error(`the executor's steps ended without an outcome (last: ${String(steps.at(-1)?.name)})`));
  } catch (thrown) {
    return stepFailure(call, thrown);
  }
}

/** A step failed: `internal`, and `invoked` says whether the body had started. */
function stepFailure(call: ExecutorCall, thrown: unknown): ToolExecutionOutcome {
  return call.invoked ? internalFailureAfterBody(call, thrown) : internalFailure(thrown);
}

/**
 * A step's promise, awaited under the budget of the stage the call is in: before the body, the
 * checks' deadline and the caller's signal (past either, the call ends `interrupted`,
 * `invoked: false`, and none of its later steps run); while the body runs, the body's own
 * deadline and signal (its context aborted so the tool can stop); after the body, no budget.
 * The call itself is the race's owner (see `ExecutorCall.settleRace`).
 */
function awaitStep(call: ExecutorCall, answer: PromiseLike<unknown>): Promise<ToolExecutionOutcome> {
  const watched = !call.invoked || call.running;
  return new DeadlineRace(watched ? call.deadline : Number.POSITIVE_INFINITY, watched ? call.signal : undefined, call).race(answer);
}

/** How the awaited step ended: the steps after it run, or the outcome it ended with. Never throws. */
export function settleAwaitedStep(call: ExecutorCall, end: DeadlineEnd, value: unknown): MaybePromise<ToolExecutionOutcome> {
  const result = call.running ? settleBody(call, end, value) : settleStep(call, end, value);
  return result === CONTINUE ? runSteps(call) : result;
}

/** How a step's promise ended, as a step's answer. Never throws. */
function settleStep(call: ExecutorCall, end: DeadlineEnd, value: unknown): StepResult {
  switch (end) {
    case 'value':
      return isStepResult(value) ? value : stepFailure(call, new Error(`step \`${String(call.steps[call.next - 1]?.name)}\` resolved to neither CONTINUE nor an outcome`));
    case 'thrown':
      return stepFailure(call, value);
    case 'timeout':
      return checksTimedOut(call);
    case 'cancelled':
      return cancelledBeforeStart(call.request.toolName);
  }
}

/** Whether a step's promise resolved to what a step answers (a hostile value that throws when read is not). */
function isStepResult(value: unknown): value is StepResult {
  try {
    return value === CONTINUE || isToolExecutionOutcome(value);
  } catch {
    return false;
  }
}
