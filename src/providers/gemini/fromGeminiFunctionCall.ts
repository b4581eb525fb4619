import { buildParsedToolCall } from '../buildParsedToolCall.js';
import type { GeminiCallContext } from './GeminiCallContext.js';
import type { GeminiFunctionCall } from './GeminiFunctionCall.js';
import type { ParsedToolCall } from '../ParsedToolCall.js';

/**
 * The request for a Gemini `functionCall`: `callId` is the call's `id` or, when Gemini sends
 * none (the Gemini API often does not), `gemini:<turnId>:<index>`, the same on every replay of
 * the turn; the name is mapped back, `args` as sent (`{}` when absent).
 */
export function fromGeminiFunctionCall(call: GeminiFunctionCall, context: GeminiCallContext): ParsedToolCall {
  const callId = call.id !== undefined && call.id !== '' ? call.id : `gemini:${context.turnId}:${context.index ?? 0}`;
  return buildParsedToolCall(callId, call.name ?? '', { value: call.args ?? {} }, context);
}
