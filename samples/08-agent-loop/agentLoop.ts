/**
 * The loop, for any tools and any approval: no branch names a tool. The model's calls run
 * through the executor; calls that need the host (an approval) are persisted with the
 * transcript and the loop stops. `resumeAgentLoop`, in this process or a new one, applies the
 * host's decisions and continues.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { PendingCall, ToolExecutionOutcome, ToolExecutor } from '../../src/index.js';
import {
  addOpenAIChatToolResults,
  executeToolCalls,
  fromOpenAIToolCall,
  toOpenAIChatTools,
  type TranscriptToolResult,
} from '../../src/providers/index.js';
import type { ChatModel } from './ChatMessage.js';
import type { LoopState } from './LoopState.js';

const SESSION_ID = 'agent-loop';
const MAX_TURNS = 20;

export type Decision = 'approve' | 'reject';

/** Starts a run from the user's message. Returns the state it stopped in (also written to `stateFile`). */
export async function startAgentLoop(
  executor: ToolExecutor,
  model: ChatModel,
  prompt: string,
  stateFile: string,
): Promise<LoopState> {
  return continueLoop(
    executor,
    model,
    { status: 'paused', turn: 0, messages: [{ role: 'user', content: prompt }], pending: [] },
    stateFile,
  );
}

/** Continues a paused run: each pending call approved (run once) or rejected (told to the model). */
export async function resumeAgentLoop(
  executor: ToolExecutor,
  model: ChatModel,
  stateFile: string,
  decide: (pending: PendingCall) => Decision,
): Promise<LoopState> {
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as LoopState;
  const resolved: TranscriptToolResult[] = [];
  const pending: PendingCall[] = [];
  for (const call of state.pending) {
    const outcome = await resolvePending(executor, call, decide(call));
    if (outcome.status === 'interrupted') pending.push({ request: call.request, interruption: outcome.interruption });
    else resolved.push({ request: call.request, outcome });
  }
  // Each result joins its own turn, after the assistant message that made the call, in call order.
  const messages = addOpenAIChatToolResults(state.messages, resolved);
  return continueLoop(executor, model, { ...state, messages, pending }, stateFile);
}

async function resolvePending(
  executor: ToolExecutor,
  pending: PendingCall,
  decision: Decision,
): Promise<ToolExecutionOutcome> {
  if (decision === 'reject') return executor.reject(pending);
  // Approved: an approval is used once; after an authentication the host stored, the call runs again.
  return pending.interruption.type === 'approval_required'
    ? executor.executeApproved(pending.request, pending.interruption.approval)
    : executor.execute(pending.request);
}

async function continueLoop(
  executor: ToolExecutor,
  model: ChatModel,
  state: LoopState,
  stateFile: string,
): Promise<LoopState> {
  const specs = executor.specs();
  const tools = toOpenAIChatTools(specs);
  let messages = [...state.messages];
  let { turn, pending } = state;
  while (pending.length === 0 && turn < MAX_TURNS) {
    turn += 1;
    const reply = await model(messages, tools);
    messages.push(reply);
    if (reply.tool_calls === undefined || reply.tool_calls.length === 0)
      return save(stateFile, { status: 'done', turn, messages, pending: [] });
    const calls = reply.tool_calls.map((call) =>
      fromOpenAIToolCall(call, { sessionId: SESSION_ID, turnId: `turn-${turn}`, specs }),
    );
    const turnResult = await executeToolCalls(executor, calls);
    messages = addOpenAIChatToolResults(messages, turnResult.results);
    pending = turnResult.pending;
  }
  if (pending.length === 0) throw new Error(`The model was still calling tools after ${MAX_TURNS} turns.`);
  return save(stateFile, { status: 'paused', turn, messages, pending });
}

function save(stateFile: string, state: LoopState): LoopState {
  writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`);
  return state;
}
