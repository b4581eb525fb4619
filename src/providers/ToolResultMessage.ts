import type { ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages/messages';
import type { Part } from '@google/genai';
import type { ChatCompletionToolMessageParam } from 'openai/resources/chat/completions/completions';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import type { ToolResultFormat } from './ToolResultFormat.js';

/** The tool-result message `renderToolResult` builds for each format (the SDKs' own param types). */
export interface ToolResultMessages {
  readonly 'openai-chat': ChatCompletionToolMessageParam;
  readonly 'openai-responses': ResponseInputItem.FunctionCallOutput;
  readonly anthropic: ToolResultBlockParam;
  readonly gemini: Part;
}

export type ToolResultMessage<F extends ToolResultFormat = ToolResultFormat> = ToolResultMessages[F];
