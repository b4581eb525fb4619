import type { ToolResultFormat } from './ToolResultFormat.js';

/** OpenAI Chat Completions: a `tool` message (the SDK's `ChatCompletionToolMessageParam`). */
export interface OpenAIChatToolMessage {
  readonly role: 'tool';
  readonly tool_call_id: string;
  readonly content: string;
}

/** One item of a Responses `function_call_output` list (the SDK's `ResponseFunctionCallOutputItem`). */
export type OpenAIFunctionCallOutputItem =
  { readonly type: 'input_text'; readonly text: string } | { readonly type: 'input_image'; readonly image_url: string; readonly detail: 'auto' };

/** OpenAI Responses: a `function_call_output` input item (the SDK's `ResponseInputItem.FunctionCallOutput`). */
export interface OpenAIFunctionCallOutput {
  readonly type: 'function_call_output';
  readonly call_id: string;
  readonly output: string | OpenAIFunctionCallOutputItem[];
}

/** A block of Anthropic `tool_result` content (the SDK's `TextBlockParam` / `ImageBlockParam`). */
export type AnthropicToolResultContent =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image'; readonly source: { readonly type: 'base64'; readonly media_type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp'; readonly data: string } };

/** Anthropic: a `tool_result` block for the next user message (the SDK's `ToolResultBlockParam`). */
export interface AnthropicToolResult {
  readonly type: 'tool_result';
  readonly tool_use_id: string;
  readonly content: string | AnthropicToolResultContent[];
  readonly is_error?: true;
}

/** Gemini: a `functionResponse` part (the SDK's `Part`). */
export interface GeminiFunctionResponsePart {
  readonly functionResponse: {
    readonly id: string;
    readonly name: string;
    readonly response: { readonly output: string } | { readonly error: string };
    readonly parts?: { readonly inlineData: { readonly mimeType: string; readonly data: string } }[];
  };
}

/**
 * The tool-result message `renderToolResult` builds for each format. Plain structural types, so
 * this entry needs none of the SDKs; the tests check each is assignable to the SDK's own type.
 */
export interface ToolResultMessages {
  readonly 'openai-chat': OpenAIChatToolMessage;
  readonly 'openai-responses': OpenAIFunctionCallOutput;
  readonly anthropic: AnthropicToolResult;
  readonly gemini: GeminiFunctionResponsePart;
}

export type ToolResultMessage<F extends ToolResultFormat = ToolResultFormat> = ToolResultMessages[F];
