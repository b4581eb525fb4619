import { checkInputLimits } from '../../schema/checkInputLimits.js';
import { failure } from '../failure.js';
import { CONTINUE, defineStep } from './ExecutorStep.js';

/** The input's size and depth, before the schema reads it (the tool's limits, computed at registration). */
export const checkLimits = defineStep('checkLimits', (call) => {
  const tooBig = checkInputLimits(call.request.toolName, call.input, call.entry.inputLimits);
  return tooBig === undefined ? CONTINUE : failure(tooBig, false);
});
