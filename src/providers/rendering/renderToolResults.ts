import type { ExecutedToolCall } from '../ExecutedToolCall.js';
import type { RenderToolResultOptions } from './RenderToolResultOptions.js';
import { renderToolResult } from './renderToolResult.js';
import type { ToolResultFormat } from './ToolResultFormat.js';
import type { ToolResultMessage } from './ToolResultMessage.js';

/**
 * The tool-result messages for a turn's `results` (from `executeToolCalls`), in order: each
 * one echoes its request's call id and tool name.
 */
export function renderToolResults<F extends ToolResultFormat>(
  results: readonly ExecutedToolCall[],
  format: F,
  options: Omit<RenderToolResultOptions, 'callId' | 'toolName'> = {},
): ToolResultMessage<F>[] {
  return results.map(({ request, outcome }) =>
    renderToolResult(outcome, format, { ...options, callId: request.callId, toolName: request.toolName }),
  );
}
