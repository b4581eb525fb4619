import { isToolExecutionOutcome } from '../../contract/isToolExecutionOutcome.js';
import { buildValidationError, getAjvIssues } from '../../schema/buildValidationError.js';
import { isToolResult } from '../../values/isToolResult.js';
import { normalizeToolReturn } from '../../values/normalizeToolReturn.js';
import type { ToolResult } from '../../values/ToolResult.js';
import type { ExecutorCall } from '../ExecutorCall.js';
import { failed, failure } from '../failure.js';
import { toToolError } from '../toToolError.js';
import { CONTINUE, defineStep, type StepResult } from './ExecutorStep.js';

/** A well-formed result, checked against the tool's output schema and given the call's id. */
function accept(call: ExecutorCall, value: ToolResult): StepResult {
  const { request, entry } = call;
  const { output } = value.result;
  if (entry.validateOutput !== undefined && output.type === 'structured' && !entry.validateOutput(output.value)) {
    const error = buildValidationError(request.toolName, getAjvIssues(entry.validateOutput.errors), 'Output');
    return failed(
      'execution_failed',
      `Tool \`${request.toolName}\` returned a result that does not match its declared output schema. ${error.message}`,
      { reason: 'output_schema', ...error.details },
      true,
    );
  }
  call.result = value.result.callId === request.callId ? value : { ...value, result: { ...value.result, callId: request.callId } };
  return CONTINUE;
}

function acceptResult(call: ExecutorCall, value: unknown): StepResult {
  if (isToolResult(value)) return accept(call, value);
  return failed('internal', `Tool \`${call.request.toolName}\` returned something that is not a ToolResult.`, { reason: 'invalid_result' }, true);
}

/** What the body answered, by the method that answered it (see `ReturnKind`). */
function read(call: ExecutorCall): StepResult {
  const { request, value } = call;
  switch (call.returns) {
    case 'value':
      // A raw value (a `@Tool` class's): normalizing it builds a well-formed ToolResult.
      return accept(call, normalizeToolReturn(value, request.callId, request.toolName));
    case 'result':
      return acceptResult(call, value);
    case 'outcome':
      if (!isToolExecutionOutcome(value)) {
        return failed('internal', `Tool \`${request.toolName}\` returned something that is not a ToolExecutionOutcome from invokeOutcome.`, { reason: 'invalid_outcome' }, true);
      }
      switch (value.status) {
        case 'completed':
          return acceptResult(call, value.result);
        case 'failed':
          // The parent's body ran, whatever its child did.
          return value.invoked ? value : failure(value.error, true);
        case 'interrupted':
          return value;
      }
  }
}

/** The body's answer as a ToolResult for this call (`call.result`), or the outcome that ends it. */
export const normalize = defineStep('normalize', (call) => {
  try {
    return read(call);
  } catch (thrown) {
    return failure(toToolError(thrown, 'internal', `Tool \`${call.request.toolName}\` returned a result that could not be read`), true);
  }
});
