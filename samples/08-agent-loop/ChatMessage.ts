import type { OpenAIChatTool, OpenAIChatToolCall, OpenAIChatToolMessage } from '../../src/providers/index.js';

/** The OpenAI Chat Completions messages the loop keeps (the SDK's `ChatCompletionMessageParam`, narrowed). */
export type ChatMessage =
  { readonly role: 'system' | 'user'; readonly content: string } | AssistantMessage | OpenAIChatToolMessage;

export interface AssistantMessage {
  readonly role: 'assistant';
  readonly content: string | null;
  readonly tool_calls?: readonly OpenAIChatToolCall[];
}

/** The model: given the transcript and the tools, its next message (a real one calls `openai.chat.completions.create`). */
export type ChatModel = (
  messages: readonly ChatMessage[],
  tools: readonly OpenAIChatTool[],
) => Promise<AssistantMessage>;
