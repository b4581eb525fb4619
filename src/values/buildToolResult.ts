import type { MetadataMap } from './JsonValue.js';
import type { ToolOutput } from './ToolOutput.js';
import type { ToolResult } from './ToolResult.js';

/**
 * A ToolResult for the call in `request`, for tools that need to set `isError` or metadata.
 * The executor fills in `durationMs`.
 */
export function buildToolResult(
  request: { readonly callId: string },
  output: ToolOutput,
  options: { readonly isError?: boolean; readonly metadata?: MetadataMap } = {},
): ToolResult {
  return {
    result: { callId: request.callId, output, isError: options.isError ?? false },
    durationMs: 0,
    metadata: options.metadata ?? {},
  };
}
