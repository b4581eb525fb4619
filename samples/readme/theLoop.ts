// README: "The loop". The full version, with a scripted model and two processes: samples/08-agent-loop.
import { readFileSync, writeFileSync } from 'node:fs';
import type {
  ChatCompletionMessage,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { PendingCall, ToolExecutor } from 'agentkit-tools-core';
import {
  addOpenAIChatToolResults,
  executeToolCalls,
  fromOpenAIToolCall,
  toOpenAIChatTools,
  type TranscriptToolResult,
} from 'agentkit-tools-core/providers';

// With the OpenAI SDK: (messages, tools) => openai.chat.completions.create({ model, messages, tools }).then((r) => r.choices[0]!.message)
export type Model = (
  messages: ChatCompletionMessageParam[],
  tools: ChatCompletionTool[],
) => Promise<ChatCompletionMessage>;

/** Runs until the model answers ('done') or a call waits for a person ('paused'); either way the run is in stateFile. */
export async function runLoop(
  executor: ToolExecutor,
  model: Model,
  start: ChatCompletionMessageParam[],
  stateFile: string,
): Promise<'done' | 'paused'> {
  let messages = [...start];
  const specs = executor.specs();
  const tools = toOpenAIChatTools(specs); // names `.` -> `__`, strict schemas
  for (let turn = 1; turn <= 20; turn++) {
    const reply = await model(messages, tools);
    messages.push(reply);
    if (!reply.tool_calls?.length) return save(stateFile, messages, []); // the model answered: 'done'
    const calls = reply.tool_calls.map((call) =>
      fromOpenAIToolCall(call, { sessionId: 'session-1', turnId: `turn-${turn}`, specs }),
    );
    const { results, pending } = await executeToolCalls(executor, calls); // never throws; no tool named here
    messages = addOpenAIChatToolResults(messages, results); // one `tool` message per call, after its assistant message
    if (pending.length > 0) return save(stateFile, messages, pending); // a person must decide: 'paused'
  }
  throw new Error('The model was still calling tools after 20 turns.');
}

/** Later, in this process or a new one (with a durable approval store): apply the person's decisions, go on. */
export async function resumeLoop(
  executor: ToolExecutor,
  model: Model,
  stateFile: string,
  approve: (call: PendingCall) => boolean,
): Promise<'done' | 'paused'> {
  const { messages, pending } = JSON.parse(readFileSync(stateFile, 'utf8')) as {
    messages: ChatCompletionMessageParam[];
    pending: PendingCall[];
  };
  const resolved: TranscriptToolResult[] = [];
  for (const call of pending) {
    const outcome =
      approve(call) && call.interruption.type === 'approval_required'
        ? await executor.executeApproved(call.request, call.interruption.approval) // runs once
        : await executor.reject(call); // tells the model the user said no
    resolved.push({ request: call.request, outcome });
  }
  // Each result joins its own turn, in the order of the calls, wherever the transcript has got to.
  return runLoop(executor, model, addOpenAIChatToolResults(messages, resolved), stateFile);
}

function save(
  stateFile: string,
  messages: ChatCompletionMessageParam[],
  pending: readonly PendingCall[],
): 'done' | 'paused' {
  writeFileSync(stateFile, JSON.stringify({ messages, pending })); // plain JSON: stop here, resume anywhere
  return pending.length > 0 ? 'paused' : 'done';
}
