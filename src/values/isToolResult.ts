import { isToolOutput } from './isToolOutput.js';
import type { ToolResult } from './ToolResult.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when `value` has the shape of a {@link ToolResult}. */
export function isToolResult(value: unknown): value is ToolResult {
  if (!isRecord(value) || !isRecord(value.result) || !isRecord(value.metadata)) return false;
  const part = value.result;
  return (
    typeof value.durationMs === 'number' &&
    typeof part.callId === 'string' &&
    typeof part.isError === 'boolean' &&
    isToolOutput(part.output) &&
    (part.metadata === undefined || isRecord(part.metadata))
  );
}
