import type { RenderToolResultOptions } from '../rendering/RenderToolResultOptions.js';
import { renderToolResult } from '../rendering/renderToolResult.js';
import type { GeminiFunctionResponsePart } from '../rendering/ToolResultMessage.js';
import { toProviderToolName } from '../toProviderToolName.js';
import type { ToolRequest } from '../../index.js';
import { placeNestedResult, type NestedShape } from './placeNestedResult.js';
import type { TranscriptToolResult } from './TranscriptToolResult.js';

/** What `addGeminiToolResults` reads of a part: the SDK's `Part` fits. */
export interface GeminiPartLike {
  /** A model's call (`id` often absent). */
  readonly functionCall?: { readonly id?: string; readonly name?: string };
  /** The answer to a call. */
  readonly functionResponse?: { readonly id?: string; readonly name?: string };
}

/** A Gemini content holding parts `P`: the SDK's `Content` fits (with `P` its `Part`). */
export interface GeminiContentLike<P extends GeminiPartLike = GeminiPartLike> {
  /** `user` or `model`. */
  readonly role?: string;
  /** The parts. */
  readonly parts?: P[];
}

/** `gemini:<turnId>:<index>`: the id `fromGeminiFunctionCall` gives a call Gemini sent without one. */
const SYNTHETIC_ID = /^gemini:(.*):(\d+)$/su;

/** The ids of a model content's calls, in order, as `fromGeminiFunctionCall` gave them for `turnId`. */
function getCallIds(content: GeminiContentLike, turnId: string): string[] {
  if (content.role !== 'model') return [];
  const calls = (content.parts ?? []).flatMap((part) => (part.functionCall === undefined ? [] : [part.functionCall]));
  return calls.map((call, index) =>
    call.id !== undefined && call.id !== '' ? call.id : `gemini:${turnId}:${String(index)}`,
  );
}

/** Whether the content after `index` already answers a call of `turnId` (a call without an id). */
function answersTurn(contents: readonly GeminiContentLike[], index: number, turnId: string): boolean {
  const next = contents[index + 1];
  return (
    next?.role === 'user' &&
    (next.parts ?? []).some((part) => part.functionResponse?.id?.startsWith(`gemini:${turnId}:`) === true)
  );
}

/**
 * The index of the model content that made `request`'s call: the latest one holding a call
 * with its id; for a call Gemini sent without an id (`gemini:<turnId>:<index>`), the one whose
 * call at that index has no id and the tool's name, preferring the one whose answers already
 * carry that turn, else the latest. -1 when none does.
 */
function findHolder(contents: readonly GeminiContentLike[], request: ToolRequest): number {
  const byId = contents.findLastIndex((content) =>
    (content.parts ?? []).some((part) => part.functionCall?.id === request.callId),
  );
  if (byId !== -1) return byId;
  const synthetic = SYNTHETIC_ID.exec(request.callId);
  if (synthetic?.[1] !== request.turnId) return -1;
  const index = Number(synthetic[2]);
  const name = toProviderToolName(request.toolName);
  const candidates = contents.flatMap((content, at) => {
    const call = (content.parts ?? []).filter((part) => part.functionCall !== undefined)[index]?.functionCall;
    return content.role === 'model' && call !== undefined && (call.id ?? '') === '' && call.name === name ? [at] : [];
  });
  return candidates.find((at) => answersTurn(contents, at, request.turnId)) ?? candidates.at(-1) ?? -1;
}

/**
 * A new Gemini transcript: `contents` with each of `results` as a `functionResponse` part
 * where the API wants it: all of a turn's responses in the one user content right after the
 * model content with the `functionCall` parts, first in that content, in the order of the
 * calls. Results may come in any order and at any time (resumed, rejected or late): each joins
 * its turn's user content, which is created when missing and kept when later contents follow,
 * and replaces an earlier response to the same call (a placeholder). Calls Gemini sent without
 * ids are found by the `gemini:<turnId>:<index>` id `fromGeminiFunctionCall` gave them (the
 * request's `turnId`, the call's position and the tool's name). `contents` is not changed.
 * Throws a `TypeError` for a result whose call no model content holds.
 */
export function addGeminiToolResults<P extends GeminiPartLike>(
  contents: readonly GeminiContentLike<P>[],
  results: readonly TranscriptToolResult[],
  options: Omit<RenderToolResultOptions, 'callId' | 'toolName'> = {},
): GeminiContentLike<P | GeminiFunctionResponsePart>[] {
  const shape: NestedShape<GeminiContentLike<P | GeminiFunctionResponsePart>, P | GeminiFunctionResponsePart> = {
    holdsAnswers: (content) => content.role === 'user',
    blocksOf: (content) => content.parts ?? [],
    answerOf: (part) => part.functionResponse?.id,
    build: (parts) => ({ role: 'user', parts }),
  };
  let transcript: GeminiContentLike<P | GeminiFunctionResponsePart>[] = [...contents];
  for (const { request, outcome } of results) {
    const part = renderToolResult(outcome, 'gemini', {
      ...options,
      callId: request.callId,
      toolName: request.toolName,
    });
    const holder = findHolder(transcript, request);
    const content = transcript[holder];
    if (content === undefined)
      throw new TypeError(
        `addGeminiToolResults: no model content in the transcript holds the functionCall ${JSON.stringify(request.callId)} (${request.toolName}); add the model content with its parts first.`,
      );
    transcript = placeNestedResult(
      transcript,
      holder,
      getCallIds(content, request.turnId),
      { callId: request.callId, block: part },
      shape,
    );
  }
  return transcript;
}
