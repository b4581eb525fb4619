import { AuthRequiredError } from '../interrupt/AuthRequiredError.js';
import { buildAuthInterruption } from './buildAuthInterruption.js';
import type { DeadlineEnd } from './DeadlineRace.js';
import type { ExecutorCall } from './ExecutorCall.js';
import { failed, failure } from './failure.js';
import { CONTINUE, type StepResult } from './steps/ExecutorStep.js';
import { toToolError } from './toToolError.js';

/**
 * How the body ended, for the steps after it: its return value is kept as `call.value` (and the
 * call goes on to `normalize`); a throw, a timeout or a cancellation ends the call. Never throws.
 */
export function settleBody(call: ExecutorCall, end: DeadlineEnd, value: unknown): StepResult {
  const { request, timeoutMs } = call;
  call.running = false;
  try {
    switch (end) {
      case 'value':
        call.value = value;
        return CONTINUE;
      case 'timeout':
        return failed(
          'interrupted',
          `Tool \`${request.toolName}\` timed out after ${timeoutMs} ms and was stopped. Try a smaller task or a longer timeout.`,
          { reason: 'timeout', timeoutMs },
          true,
        );
      case 'cancelled':
        return failed('interrupted', `Tool \`${request.toolName}\` was cancelled while running.`, { reason: 'cancelled' }, true);
      case 'thrown':
        if (AuthRequiredError.is(value)) return buildAuthInterruption(request, value);
        return failure(toToolError(value, 'execution_failed', `Tool \`${request.toolName}\` failed`), true);
    }
  } catch {
    // The body ran: an end that cannot be read (a hostile thrown value) still says `invoked: true`.
    return failed('internal', `Tool \`${request.toolName}\` ended in a way that could not be read.`, { reason: 'unreadable_end' }, true);
  }
}
