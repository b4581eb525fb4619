/** A Chat Completions function tool call (`message.tool_calls[i]`, the SDK's `ChatCompletionMessageFunctionToolCall`). */
export interface OpenAIChatToolCall {
  /** Always `function`. */
  readonly type: 'function';
  /** The call's id. */
  readonly id: string;
  /** The function's name and its arguments as JSON text. */
  readonly function: { readonly name: string; readonly arguments: string };
}

/** A Chat Completions custom (free-form) tool call; never produced for tools this package declares. */
export interface OpenAIChatCustomToolCall {
  /** Always `custom`. */
  readonly type: 'custom';
  /** The call's id. */
  readonly id: string;
  /** The custom tool's name and free-form input. */
  readonly custom: { readonly name: string; readonly input: string };
}

/** A Responses API `function_call` output item (the SDK's `ResponseFunctionToolCall`). */
export interface OpenAIResponsesFunctionCall {
  /** Always `function_call`. */
  readonly type: 'function_call';
  /** The call's id. */
  readonly call_id: string;
  /** The provider-safe tool name. */
  readonly name: string;
  /** The arguments as JSON text. */
  readonly arguments: string;
}

/** Any OpenAI tool call `fromOpenAIToolCall` reads. */
export type OpenAIToolCall = OpenAIChatToolCall | OpenAIChatCustomToolCall | OpenAIResponsesFunctionCall;
