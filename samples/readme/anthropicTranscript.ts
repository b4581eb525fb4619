// README: "The loop", the results of a turn in an Anthropic transcript.
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages/messages';
import type { PendingCall, ToolExecutor } from 'agentkit-tools-core';
import { addAnthropicToolResults, type ExecutedToolCall } from 'agentkit-tools-core/providers';

/** A turn's results now, and its pending calls once a person decided: all in the one user message after the tool_use blocks. */
export async function answerTurn(
  executor: ToolExecutor,
  messages: MessageParam[],
  results: readonly ExecutedToolCall[], // from executeToolCalls
  pending: readonly PendingCall[], // persisted with `messages`, decided later, maybe in another process
  approve: (call: PendingCall) => boolean,
): Promise<MessageParam[]> {
  let transcript: MessageParam[] = addAnthropicToolResults(messages, results);
  for (const call of pending) {
    const outcome =
      approve(call) && call.interruption.type === 'approval_required'
        ? await executor.executeApproved(call.request, call.interruption.approval)
        : await executor.reject(call);
    transcript = addAnthropicToolResults(transcript, [{ request: call.request, outcome }]); // joins the same user message
  }
  return transcript;
}
