import { isToolRequest } from '../../contract/isToolRequest.js';
import type { ToolExecutionOutcome } from '../../contract/ToolExecutionOutcome.js';
import { ToolError } from '../../errors/ToolError.js';
import { checkExecuteOptions } from '../checkExecuteOptions.js';
import type { ExecutorCall } from '../ExecutorCall.js';
import { failed, failure } from '../failure.js';
import { NO_OPTIONS } from '../NO_OPTIONS.js';
import { CONTINUE, defineStep } from './ExecutorStep.js';

/** A nested call (`ctx.scope`) deeper than `maxNestingDepth` is refused. */
function refuseTooDeep(call: ExecutorCall): ToolExecutionOutcome {
  const { maxNestingDepth } = call.services;
  return failed(
    'execution_failed',
    `Tool \`${call.request.toolName}\` was not run: nested tool calls may go ${maxNestingDepth} levels deep, and this call would be deeper. Call it directly instead.`,
    { reason: 'max_nesting_depth', maxNestingDepth },
    false,
  );
}

/**
 * The call as it was made: a request with string ids and an input, no deeper than
 * `maxNestingDepth`, and the host's per-call options, when it gave any, as the executor can
 * trust them (see `checkExecuteOptions`).
 */
export const checkCall = defineStep('checkCall', (call) => {
  const { request } = call;
  if (!isToolRequest(request)) {
    return failed('invalid_input', 'The tool request is malformed: it needs string callId, toolName, sessionId and turnId, and an input.', { reason: 'malformed_request' }, false);
  }
  if (call.frame.depth > call.services.maxNestingDepth) return refuseTooDeep(call);
  call.input = request.input;
  if (call.options === NO_OPTIONS) return CONTINUE;
  const checked = checkExecuteOptions(call.options);
  if (checked instanceof ToolError) return failure(checked, false);
  call.options = checked;
  return CONTINUE;
});
