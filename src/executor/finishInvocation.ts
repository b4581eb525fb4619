import { monotonicNow } from './monotonicNow.js';
import type { RegisteredTool } from '../registry/RegisteredTool.js';
import { buildValidationError, getAjvIssues } from '../schema/buildValidationError.js';
import { failed, failure } from './failure.js';
import { isToolExecutionOutcome } from '../contract/isToolExecutionOutcome.js';
import { isToolResult } from '../values/isToolResult.js';
import { normalizeToolReturn } from '../values/normalizeToolReturn.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import type { ToolRequest } from '../contract/ToolRequest.js';
import type { ToolResult } from '../values/ToolResult.js';

/** What a tool's body resolved to: a raw `@Tool` class value, a ToolResult, or an outcome. */
export type ReturnKind = 'value' | 'result' | 'outcome';

function complete(entry: RegisteredTool, request: ToolRequest, value: unknown, started: number): ToolExecutionOutcome {
  if (!isToolResult(value)) {
    return failed('internal', `Tool \`${request.toolName}\` returned something that is not a ToolResult.`, { reason: 'invalid_result' }, true);
  }
  return completeResult(entry, request, value, started);
}

function completeResult(entry: RegisteredTool, request: ToolRequest, value: ToolResult, started: number): ToolExecutionOutcome {
  const { output } = value.result;
  if (entry.validateOutput !== undefined && output.type === 'structured' && !entry.validateOutput(output.value)) {
    const error = buildValidationError(request.toolName, getAjvIssues(entry.validateOutput.errors), 'Output');
    return failed('execution_failed', `Tool \`${request.toolName}\` returned a result that does not match its declared output schema. ${error.message}`, { reason: 'output_schema', ...error.details }, true);
  }
  const result = value.result.callId === request.callId ? value.result : { ...value.result, callId: request.callId };
  return { status: 'completed', result: { result, durationMs: monotonicNow() - started, metadata: value.metadata } };
}

/** Turns what `invoke` / `invokeOutcome` resolved to into the call's outcome. */
export function finishInvocation(
  entry: RegisteredTool,
  request: ToolRequest,
  value: unknown,
  kind: ReturnKind,
  started: number,
): ToolExecutionOutcome {
  // A class tool's raw value: normalizing it builds a well-formed ToolResult.
  if (kind === 'value') return completeResult(entry, request, normalizeToolReturn(value, request.callId, request.toolName), started);
  if (kind === 'result') return complete(entry, request, value, started);
  if (!isToolExecutionOutcome(value)) {
    return failed('internal', `Tool \`${request.toolName}\` returned something that is not a ToolExecutionOutcome from invokeOutcome.`, { reason: 'invalid_outcome' }, true);
  }
  switch (value.status) {
    case 'completed':
      return complete(entry, request, value.result, started);
    case 'failed':
      // The parent's body ran, whatever its child did.
      return value.invoked ? value : failure(value.error, true);
    case 'interrupted':
      return value;
  }
}
