import type { AnthropicToolUse } from './AnthropicToolUse.js';
import { buildParsedToolCall } from '../buildParsedToolCall.js';
import type { ParsedToolCall } from '../ParsedToolCall.js';
import type { ProviderCallContext } from '../ProviderCallContext.js';

/** The request for an Anthropic `tool_use` block: `callId` is the block's `id`, the name mapped back, `input` as sent. */
export function fromAnthropicToolUse(block: AnthropicToolUse, context: ProviderCallContext): ParsedToolCall {
  return buildParsedToolCall(block.id, block.name, { value: block.input }, context);
}
