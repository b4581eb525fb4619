import { AuthRequiredError } from '../interrupt/AuthRequiredError.js';
import type { RegisteredTool } from '../registry/RegisteredTool.js';
import { buildAuthInterruption } from './buildAuthInterruption.js';
import { failed, failure } from './failure.js';
import { finishInvocation, type ReturnKind } from './finishInvocation.js';
import type { DeadlineEnd } from './runWithDeadline.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import type { ToolRequest } from '../contract/ToolRequest.js';
import { toToolError } from './toToolError.js';

/** The outcome of a call whose body ran, from how it ended; never throws. */
export function settleInvocation(
  entry: RegisteredTool,
  request: ToolRequest,
  started: number,
  timeoutMs: number,
  end: DeadlineEnd,
  value: unknown,
  kind: ReturnKind,
): ToolExecutionOutcome {
  try {
    switch (end) {
      case 'timeout':
        return failed('interrupted', `Tool \`${request.toolName}\` timed out after ${timeoutMs} ms and was stopped. Try a smaller task or a longer timeout.`, { reason: 'timeout', timeoutMs }, true);
      case 'cancelled':
        return failed('interrupted', `Tool \`${request.toolName}\` was cancelled while running.`, { reason: 'cancelled' }, true);
      case 'thrown':
        if (AuthRequiredError.is(value)) return buildAuthInterruption(request, value);
        return failure(toToolError(value, 'execution_failed', `Tool \`${request.toolName}\` failed`), true);
      case 'value':
        try {
          return finishInvocation(entry, request, value, kind, started);
        } catch (thrown) {
          return failure(toToolError(thrown, 'internal', `Tool \`${request.toolName}\` returned a result that could not be read`), true);
        }
    }
  } catch {
    // The body ran: an end that cannot be read (a hostile thrown value) still says `invoked: true`.
    return failed('internal', `Tool \`${request.toolName}\` ended in a way that could not be read.`, { reason: 'unreadable_end' }, true);
  }
}
