import type { RenderToolResultOptions } from '../rendering/RenderToolResultOptions.js';
import { renderToolResult } from '../rendering/renderToolResult.js';
import type { OpenAIFunctionCallOutput } from '../rendering/ToolResultMessage.js';
import { placeFlatResult, type FlatShape } from './placeFlatResult.js';
import type { TranscriptToolResult } from './TranscriptToolResult.js';

/**
 * What `addOpenAIResponsesToolResults` reads of a Responses input item: the SDK's
 * `ResponseInputItem` and `ResponseOutputItem` fit.
 */
export interface OpenAIResponsesItemLike {
  /** `message`, `reasoning`, `function_call`, `function_call_output`, ... (absent on a short message). */
  readonly type?: string | null;
  /** The call a `function_call` makes or a `function_call_output` answers. */
  readonly call_id?: string | null;
}

const RESPONSES: FlatShape<OpenAIResponsesItemLike> = {
  callsOf: (item) => (item.type === 'function_call' && typeof item.call_id === 'string' ? [item.call_id] : []),
  answerOf: (item) => (item.type === 'function_call_output' ? (item.call_id ?? undefined) : undefined),
};

/**
 * A new Responses input list: `items` with each of `results` as a `function_call_output` item
 * right after the `function_call` items of its response, with that turn's other outputs, in
 * the order of the calls. Results may come in any order and at any time (resumed, rejected or
 * late): each joins its own turn, even when later items follow, and replaces an earlier output
 * of the same call (a placeholder). `items` is not changed. Throws a `TypeError` for a result
 * whose `function_call` is not in `items` (with `previous_response_id`, send
 * `renderToolResults(results, 'openai-responses')` as the input instead).
 */
export function addOpenAIResponsesToolResults<I extends OpenAIResponsesItemLike>(
  items: readonly I[],
  results: readonly TranscriptToolResult[],
  options: Omit<RenderToolResultOptions, 'callId' | 'toolName'> = {},
): (I | OpenAIFunctionCallOutput)[] {
  let transcript: (I | OpenAIFunctionCallOutput)[] = [...items];
  for (const { request, outcome } of results) {
    const item = renderToolResult(outcome, 'openai-responses', {
      ...options,
      callId: request.callId,
      toolName: request.toolName,
    });
    const placed = placeFlatResult<I | OpenAIFunctionCallOutput>(transcript, item, request.callId, RESPONSES);
    if (placed === undefined)
      throw new TypeError(
        `addOpenAIResponsesToolResults: no function_call item in the input makes the call ${JSON.stringify(request.callId)} (${request.toolName}); add the response's output items first, or with previous_response_id send renderToolResults(results, 'openai-responses') as the input.`,
      );
    transcript = placed;
  }
  return transcript;
}
