import { failed, failure } from './failure.js';
import type { ExecutorCall } from './ExecutorCall.js';
import type { DeadlineEnd } from './runWithDeadline.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import { toToolError } from './toToolError.js';

/** Every check before the body passed: the body may start. */
export const PROCEED: unique symbol = Symbol('agentkit-tools-core/proceed');

/** How the checks before the body ended: an outcome that ends the call, or {@link PROCEED}. */
export type CheckResult = ToolExecutionOutcome | typeof PROCEED;

/** A fault of the executor, a checker or a store before the body ran: `internal`, `invoked: false`. */
export function internalFailure(thrown: unknown): ToolExecutionOutcome {
  try {
    return failure(toToolError(thrown, 'internal', 'The tool executor failed unexpectedly before running the tool'), false);
  } catch {
    // Even a thrown value that throws when read (a hostile proxy) ends the call cleanly.
    return failed('internal', 'The tool executor failed unexpectedly before running the tool.', { errorName: 'Unreadable' }, false);
  }
}

/** The tool's `parseInput` refused the input. */
export function parseFailure(call: ExecutorCall, thrown: unknown): ToolExecutionOutcome {
  return failure(toToolError(thrown, 'invalid_input', `Input for tool \`${call.request.toolName}\` is invalid`), false);
}

/** The tool's preflight threw (a ToolError keeps its code) or proposed something malformed. */
export function preflightFailure(call: ExecutorCall, thrown: unknown): ToolExecutionOutcome {
  return failure(toToolError(thrown, 'internal', `Preflight of tool \`${call.request.toolName}\` failed`), false);
}

/** The caller cancelled before the body started. */
export function cancelledBeforeStart(toolName: string): ToolExecutionOutcome {
  return failed('interrupted', `Tool \`${toolName}\` was cancelled before it started.`, { reason: 'cancelled' }, false);
}

/** The checks before the body (validation, preflight, permissions, approvals) outlasted their budget. */
export function checksTimedOut(call: ExecutorCall): ToolExecutionOutcome {
  const { toolName } = call.request;
  return failed(
    'interrupted',
    `Tool \`${toolName}\` was not started: checking the call (validation, preflight, permissions, approvals) took longer than its ${call.timeoutMs} ms budget. Nothing was run; try again, or give the call a longer timeout.`,
    { reason: 'timeout', timeoutMs: call.timeoutMs, stage: 'checks' },
    false,
  );
}

/** The result of the checks run under their own deadline (see `runWithDeadline`). */
export function settleChecks(call: ExecutorCall, end: DeadlineEnd, value: unknown): CheckResult {
  switch (end) {
    case 'value':
      return value as CheckResult;
    case 'thrown':
      return internalFailure(value);
    case 'timeout':
      return checksTimedOut(call);
    case 'cancelled':
      return cancelledBeforeStart(call.request.toolName);
  }
}
