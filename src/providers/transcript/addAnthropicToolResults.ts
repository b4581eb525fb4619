import type { RenderToolResultOptions } from '../rendering/RenderToolResultOptions.js';
import { renderToolResult } from '../rendering/renderToolResult.js';
import type { AnthropicToolResult } from '../rendering/ToolResultMessage.js';
import { placeNestedResult, type NestedShape } from './placeNestedResult.js';
import type { TranscriptToolResult } from './TranscriptToolResult.js';

/** What `addAnthropicToolResults` reads of a content block: the SDK's `ContentBlockParam` and `ContentBlock` fit. */
export interface AnthropicBlockLike {
  /** `text`, `tool_use`, `tool_result`, ... */
  readonly type: string;
  /** A `tool_use` block's id. */
  readonly id?: string;
  /** The `tool_use` a `tool_result` block answers. */
  readonly tool_use_id?: string;
}

/** An Anthropic message holding blocks `B`: the SDK's `MessageParam` fits (with `B` its `ContentBlockParam`). */
export interface AnthropicMessageLike<B extends AnthropicBlockLike = AnthropicBlockLike> {
  /** `user` or `assistant` (or another role the SDK knows, left as it is). */
  readonly role: string;
  /** A text, or the blocks. */
  readonly content: string | B[];
}

/** The block type of messages `M` (the element type of their array contents). */
export type AnthropicBlockOf<M extends AnthropicMessageLike> = M extends { readonly content: infer C }
  ? C extends readonly (infer B extends AnthropicBlockLike)[]
    ? B
    : never
  : never;

/** The user message `addAnthropicToolResults` writes a turn's `tool_result` blocks into. */
export interface AnthropicToolResultsMessage<B extends AnthropicBlockLike> {
  /** Always `user`. */
  readonly role: 'user';
  /** The turn's `tool_result` blocks, then the message's other blocks. */
  readonly content: AnthropicTranscriptBlock<B>[];
}

/**
 * A block of the transcript `addAnthropicToolResults` returns: the blocks `B` it was given, the
 * `tool_result` blocks it adds, and a text block where a user message's string content had to
 * become blocks to take them.
 */
export type AnthropicTranscriptBlock<B extends AnthropicBlockLike> =
  B | AnthropicToolResult | { readonly type: 'text'; readonly text: string };

/** The answers to an assistant message's `tool_use` blocks: the user message right after it. */
const SHAPE: NestedShape<
  AnthropicMessageLike<AnthropicTranscriptBlock<AnthropicBlockLike>>,
  AnthropicTranscriptBlock<AnthropicBlockLike>
> = {
  holdsAnswers: (message) => message.role === 'user',
  blocksOf: (message) =>
    typeof message.content !== 'string'
      ? message.content
      : message.content === ''
        ? []
        : [{ type: 'text', text: message.content }],
  answerOf: (block) => (block.type === 'tool_result' ? block.tool_use_id : undefined),
  build: (blocks) => ({ role: 'user', content: blocks }),
};

/** The ids of the `tool_use` blocks of an assistant message, in order. */
function getToolUseIds(message: AnthropicMessageLike): string[] {
  if (message.role !== 'assistant' || typeof message.content === 'string') return [];
  return message.content.flatMap((block) => (block.type === 'tool_use' && block.id !== undefined ? [block.id] : []));
}

/**
 * A new Anthropic transcript: `messages` with each of `results` as a `tool_result` block where
 * the API wants it: every `tool_result` of a turn in the one user message right after the
 * assistant message with the `tool_use` blocks, first in that message (before any text), in
 * the order of the `tool_use` blocks. Results may come in any order and at any time (resumed,
 * rejected or late): each joins its turn's user message, which is created when missing and
 * kept when later messages follow, and replaces an earlier result of the same call (a
 * placeholder). `messages` is not changed. Throws a `TypeError` for a result whose `tool_use`
 * no assistant message holds.
 */
export function addAnthropicToolResults<M extends AnthropicMessageLike>(
  messages: readonly M[],
  results: readonly TranscriptToolResult[],
  options?: Omit<RenderToolResultOptions, 'callId' | 'toolName'>,
): (M | AnthropicToolResultsMessage<AnthropicBlockOf<M>>)[];
export function addAnthropicToolResults(
  messages: readonly AnthropicMessageLike[],
  results: readonly TranscriptToolResult[],
  options: Omit<RenderToolResultOptions, 'callId' | 'toolName'> = {},
): AnthropicMessageLike<AnthropicTranscriptBlock<AnthropicBlockLike>>[] {
  let transcript: AnthropicMessageLike<AnthropicTranscriptBlock<AnthropicBlockLike>>[] = [...messages];
  for (const { request, outcome } of results) {
    const block = renderToolResult(outcome, 'anthropic', {
      ...options,
      callId: request.callId,
      toolName: request.toolName,
    });
    const holder = transcript.findLastIndex((message) => getToolUseIds(message).includes(request.callId));
    const message = transcript[holder];
    if (message === undefined)
      throw new TypeError(
        `addAnthropicToolResults: no assistant message in the transcript holds the tool_use ${JSON.stringify(request.callId)} (${request.toolName}); add the assistant message with its content first.`,
      );
    transcript = placeNestedResult(
      transcript,
      holder,
      getToolUseIds(message),
      { callId: request.callId, block },
      SHAPE,
    );
  }
  return transcript;
}
