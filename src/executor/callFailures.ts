import { failed, failure } from './failure.js';
import type { ExecutorCall } from './ExecutorCall.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import { toToolError } from './toToolError.js';

/** A fault of the executor, a checker, a store or a step before the body ran: `internal`, `invoked: false`. */
export function internalFailure(thrown: unknown): ToolExecutionOutcome {
  try {
    return failure(toToolError(thrown, 'internal', 'The tool executor failed unexpectedly before running the tool'), false);
  } catch {
    // Even a thrown value that throws when read (a hostile proxy) ends the call cleanly.
    return failed('internal', 'The tool executor failed unexpectedly before running the tool.', { errorName: 'Unreadable' }, false);
  }
}

/** A fault of a step after the body ran (its result is lost): `internal`, `invoked: true`. */
export function internalFailureAfterBody(call: ExecutorCall, thrown: unknown): ToolExecutionOutcome {
  try {
    return failure(toToolError(thrown, 'internal', `The tool executor failed after running tool \`${call.request.toolName}\``), true);
  } catch {
    return failed('internal', `The tool executor failed after running tool \`${call.request.toolName}\`.`, { errorName: 'Unreadable' }, true);
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
