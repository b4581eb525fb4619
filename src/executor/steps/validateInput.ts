import { buildValidationError, getAjvIssues } from '../../schema/buildValidationError.js';
import { failure } from '../failure.js';
import { CONTINUE, defineStep } from './ExecutorStep.js';

/** The input against the tool's compiled input schema. */
export const validateInput = defineStep('validateInput', (call) => {
  const { validateInput: validate } = call.entry;
  if (validate(call.input)) return CONTINUE;
  return failure(buildValidationError(call.request.toolName, getAjvIssues(validate.errors)), false);
});
