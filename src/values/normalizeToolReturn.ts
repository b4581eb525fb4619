import { ToolError } from '../errors/ToolError.js';
import { isToolOutput } from './isToolOutput.js';
import type { ToolOutput } from './ToolOutput.js';
import { isToolResult } from './isToolResult.js';
import { toJsonValue } from './toJsonValue.js';
import type { ToolResult } from './ToolResult.js';

const EMPTY = Object.freeze({});

/**
 * Turns whatever a tool returned into a {@link ToolResult} for `callId`: a string is text, a
 * `ToolOutput` is kept, a `ToolResult` is kept (its call id corrected), anything else becomes
 * structured JSON.
 * @throws ToolError `internal` when the value cannot be represented as JSON.
 */
export function normalizeToolReturn(value: unknown, callId: string, toolName: string): ToolResult {
  if (isToolResult(value)) {
    return value.result.callId === callId ? value : { ...value, result: { ...value.result, callId } };
  }
  let output: ToolOutput;
  if (typeof value === 'string') {
    output = { type: 'text', text: value };
  } else if (value === undefined) {
    output = { type: 'structured', value: null };
  } else if (isToolOutput(value)) {
    output = value;
  } else {
    const json = toJsonValue(value);
    if (json === undefined) {
      throw new ToolError('internal', `Tool \`${toolName}\` returned a value that cannot be represented as JSON.`, {
        reason: 'output_not_json',
      });
    }
    output = { type: 'structured', value: json };
  }
  return { result: { callId, output, isError: false }, durationMs: 0, metadata: EMPTY };
}
