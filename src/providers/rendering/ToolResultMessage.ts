import type { ToolResultFormat } from './ToolResultFormat.js';

/** OpenAI Chat Completions: a `tool` message (the SDK's `ChatCompletionToolMessageParam`). */
export interface OpenAIChatToolMessage {
  /** Always `tool`. */
  readonly role: 'tool';
  /** The call it answers. */
  readonly tool_call_id: string;
  /** The text the model reads. */
  readonly content: string;
}

/** One item of a Responses `function_call_output` list (the SDK's `ResponseFunctionCallOutputItem`). */
export type OpenAIFunctionCallOutputItem =
  | { readonly type: 'input_text'; readonly text: string }
  | { readonly type: 'input_image'; readonly image_url: string; readonly detail: 'auto' };

/** OpenAI Responses: a `function_call_output` input item (the SDK's `ResponseInputItem.FunctionCallOutput`). */
export interface OpenAIFunctionCallOutput {
  /** Always `function_call_output`. */
  readonly type: 'function_call_output';
  /** The call it answers. */
  readonly call_id: string;
  /** The text (or text and image items) the model reads. */
  readonly output: string | OpenAIFunctionCallOutputItem[];
}

/** A block of Anthropic `tool_result` content (the SDK's `TextBlockParam` / `ImageBlockParam`). */
export type AnthropicToolResultContent =
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'image';
      readonly source: {
        readonly type: 'base64';
        readonly media_type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
        readonly data: string;
      };
    };

/** Anthropic: a `tool_result` block for the next user message (the SDK's `ToolResultBlockParam`). */
export interface AnthropicToolResult {
  /** Always `tool_result`. */
  readonly type: 'tool_result';
  /** The `tool_use` block it answers. */
  readonly tool_use_id: string;
  /** The text (or text and image blocks) the model reads. */
  readonly content: string | AnthropicToolResultContent[];
  /** Set when the result reports a failure. */
  readonly is_error?: true;
}

/** Gemini: a `functionResponse` part (the SDK's `Part`). */
export interface GeminiFunctionResponsePart {
  /** The call's id and name, and the response the model reads. */
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
  /** OpenAI Chat Completions: a `tool` message. */
  readonly 'openai-chat': OpenAIChatToolMessage;
  /** OpenAI Responses: a `function_call_output` item. */
  readonly 'openai-responses': OpenAIFunctionCallOutput;
  /** Anthropic: a `tool_result` block. */
  readonly anthropic: AnthropicToolResult;
  /** Gemini: a `functionResponse` part. */
  readonly gemini: GeminiFunctionResponsePart;
}

/** The tool-result message of the provider format `F`. */
export type ToolResultMessage<F extends ToolResultFormat = ToolResultFormat> = ToolResultMessages[F];
