import type { RenderToolResultOptions } from '../rendering/RenderToolResultOptions.js';
import { renderToolResult } from '../rendering/renderToolResult.js';
import type { OpenAIChatToolMessage } from '../rendering/ToolResultMessage.js';
import { placeFlatResult, type FlatShape } from './placeFlatResult.js';
import type { TranscriptToolResult } from './TranscriptToolResult.js';

/**
 * What `addOpenAIChatToolResults` reads of a Chat Completions message: the SDK's
 * `ChatCompletionMessageParam` and `ChatCompletionMessage` fit.
 */
export interface OpenAIChatMessageLike {
  /** `system`, `user`, `assistant`, `tool`, ... */
  readonly role: string;
  /** An assistant message's calls. */
  readonly tool_calls?: readonly { readonly id: string }[] | null;
  /** The call a `tool` message answers. */
  readonly tool_call_id?: string;
}

const CHAT: FlatShape<OpenAIChatMessageLike> = {
  callsOf: (message) => (message.role === 'assistant' ? (message.tool_calls ?? []).map((call) => call.id) : []),
  answerOf: (message) => (message.role === 'tool' ? message.tool_call_id : undefined),
};

/**
 * A new Chat Completions transcript: `messages` with each of `results` as a `tool` message where
 * the API wants it: right after the assistant message that made the call, with that turn's other
 * `tool` messages, one per call id, in the order of the assistant's `tool_calls`. Results may
 * come in any order and at any time (resumed, rejected or late): each joins its own turn, even
 * when later messages follow, and replaces an earlier result of the same call (a placeholder).
 * `messages` is not changed. Throws a `TypeError` for a result whose call no assistant message
 * makes.
 *
 * @example
 * ```ts
 * import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
 * import { addOpenAIChatToolResults, type TranscriptToolResult } from 'agentkit-tools-core/providers';
 *
 * declare let messages: ChatCompletionMessageParam[];
 * declare const results: TranscriptToolResult[];
 * messages = addOpenAIChatToolResults(messages, results);
 * ```
 */
export function addOpenAIChatToolResults<M extends OpenAIChatMessageLike>(
  messages: readonly M[],
  results: readonly TranscriptToolResult[],
  options: Omit<RenderToolResultOptions, 'callId' | 'toolName'> = {},
): (M | OpenAIChatToolMessage)[] {
  let transcript: (M | OpenAIChatToolMessage)[] = [...messages];
  for (const { request, outcome } of results) {
    const message = renderToolResult(outcome, 'openai-chat', {
      ...options,
      callId: request.callId,
      toolName: request.toolName,
    });
    const placed = placeFlatResult<M | OpenAIChatToolMessage>(transcript, message, request.callId, CHAT);
    if (placed === undefined)
      throw new TypeError(
        `addOpenAIChatToolResults: no assistant message in the transcript makes the call ${JSON.stringify(request.callId)} (${request.toolName}); add the assistant message with its tool_calls first.`,
      );
    transcript = placed;
  }
  return transcript;
}
