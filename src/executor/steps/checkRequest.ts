import { isToolRequest } from '../../contract/isToolRequest.js';
import { failed } from '../failure.js';
import { CONTINUE, defineStep } from './ExecutorStep.js';

/** A request without string ids and an input is refused before anything reads it. */
export const checkRequest = defineStep('checkRequest', (call) => {
  if (!isToolRequest(call.request)) {
    return failed('invalid_input', 'The tool request is malformed: it needs string callId, toolName, sessionId and turnId, and an input.', { reason: 'malformed_request' }, false);
  }
  call.input = call.request.input;
  return CONTINUE;
});
