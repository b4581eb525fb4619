import { MAX_TIMEOUT_MS } from '../../contract/MAX_TIMEOUT_MS.js';
import { cancelledBeforeStart } from '../callFailures.js';
import { failed } from '../failure.js';
import { CONTINUE, defineStep } from './ExecutorStep.js';

/**
 * The call's signal (its own, or its parent's) and budget (its own, the tool's, or the
 * executor's default). A call cancelled already ends here; from here on the checks have until
 * `started + timeoutMs`.
 */
export const checkBudget = defineStep('checkBudget', (call) => {
  const { options } = call;
  const signal = options.signal ?? call.frame.parentSignal;
  if (signal?.aborted === true) return cancelledBeforeStart(call.request.toolName);
  const timeoutMs = options.timeoutMs ?? call.entry.tool.timeoutMs ?? call.services.defaultTimeoutMs;
  if (!(timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS)) {
    return failed('internal', `timeoutMs must be a number of milliseconds between 1 and ${MAX_TIMEOUT_MS}; got ${String(timeoutMs)}.`, { reason: 'invalid_timeout' }, false);
  }
  call.signal = signal;
  call.timeoutMs = timeoutMs;
  call.deadline = call.started + timeoutMs;
  return CONTINUE;
});
