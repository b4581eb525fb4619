import type { ToolRequest } from './ToolRequest.js';

/** True when `value` has the string ids a ToolRequest needs (input is checked later). */
export function isToolRequest(value: unknown): value is ToolRequest {
  if (typeof value !== 'object' || value === null) return false;
  const request = value as Record<string, unknown>;
  return (
    typeof request.callId === 'string' &&
    typeof request.toolName === 'string' &&
    typeof request.sessionId === 'string' &&
    typeof request.turnId === 'string' &&
    'input' in request
  );
}
