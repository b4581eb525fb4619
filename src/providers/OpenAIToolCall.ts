/** A Chat Completions function tool call (`message.tool_calls[i]`, the SDK's `ChatCompletionMessageFunctionToolCall`). */
export interface OpenAIChatToolCall {
  readonly type: 'function';
  readonly id: string;
  readonly function: { readonly name: string; readonly arguments: string };
}

/** A Chat Completions custom (free-form) tool call; never produced for tools this package declares. */
export interface OpenAIChatCustomToolCall {
  readonly type: 'custom';
  readonly id: string;
  readonly custom: { readonly name: string; readonly input: string };
}

/** A Responses API `function_call` output item (the SDK's `ResponseFunctionToolCall`). */
export interface OpenAIResponsesFunctionCall {
  readonly type: 'function_call';
  readonly call_id: string;
  readonly name: string;
  readonly arguments: string;
}

/** Any OpenAI tool call `fromOpenAIToolCall` reads. */
export type OpenAIToolCall = OpenAIChatToolCall | OpenAIChatCustomToolCall | OpenAIResponsesFunctionCall;
