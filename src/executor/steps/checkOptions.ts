import { ToolError } from '../../errors/ToolError.js';
import { checkExecuteOptions } from '../checkExecuteOptions.js';
import { failure } from '../failure.js';
import { NO_OPTIONS } from '../NO_OPTIONS.js';
import { CONTINUE, defineStep } from './ExecutorStep.js';

/** The host's per-call options, when it gave any, as the executor can trust them (see `checkExecuteOptions`). */
export const checkOptions = defineStep('checkOptions', (call) => {
  if (call.options === NO_OPTIONS) return CONTINUE;
  const checked = checkExecuteOptions(call.options);
  if (checked instanceof ToolError) return failure(checked, false);
  call.options = checked;
  return CONTINUE;
});
