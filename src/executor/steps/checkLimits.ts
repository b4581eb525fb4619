import { MAX_TIMEOUT_MS } from '../../contract/MAX_TIMEOUT_MS.js';
import { checkInputLimits } from '../../schema/checkInputLimits.js';
import { cancelledBeforeStart } from '../callFailures.js';
import { failed, failure } from '../failure.js';
import { CONTINUE, defineStep } from './ExecutorStep.js';

/**
 * The call's limits. Its signal (its own, or its parent's): a call cancelled already ends here.
 * Its budget (its own, the tool's, or the executor's default): from here on the checks have
 * until `started + timeoutMs`. Its input's size and depth, before the schema reads it (the
 * tool's limits, computed at registration).
 */
export const checkLimits = defineStep('checkLimits', (call) => {
  const { options, request, entry } = call;
  const signal = options.signal ?? call.frame.parentSignal;
  if (signal?.aborted === true) return cancelledBeforeStart(request.toolName);
  const timeoutMs = options.timeoutMs ?? entry.tool.timeoutMs ?? call.services.defaultTimeoutMs;
  if (!(timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS)) {
    return failed('internal', `timeoutMs must be a number of milliseconds between 1 and ${MAX_TIMEOUT_MS}; got ${String(timeoutMs)}.`, { reason: 'invalid_timeout' }, false);
  }
  call.signal = signal;
  call.timeoutMs = timeoutMs;
  call.deadline = call.started + timeoutMs;
  const tooBig = checkInputLimits(request.toolName, call.input, entry.inputLimits);
  return tooBig === undefined ? CONTINUE : failure(tooBig, false);
});
