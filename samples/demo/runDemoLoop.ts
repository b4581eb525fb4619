/**
 * The demo's loop: sample 08's loop (tools -> calls -> `executeToolCalls` -> results; pause,
 * persist, resume), with an asynchronous decision per pending call (a prompt, a flag) and a
 * record of every call for the summary. No branch names a tool.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  type ExecuteOptions,
  type PendingCall,
  type ToolExecutionOutcome,
  type ToolExecutor,
  type ToolRequest,
} from '../../src/index.js';
import { quoteForDisplay } from '../../src/internal/index.js';
import {
  addOpenAIChatToolResults,
  executeToolCalls,
  fromOpenAIToolCall,
  toOpenAIChatTools,
  type OpenAIChatToolMessage,
} from '../../src/providers/index.js';
import type { ChatMessage, ChatModel } from '../08-agent-loop/ChatMessage.js';
import type { Decide } from './Decision.js';
import type { CallRecord, DemoState } from './DemoState.js';
import { withSpinner } from './spinner.js';

const SESSION_ID = 'demo';
const MAX_TURNS = 20;
const SHOWN_LINES = 4;

/**
 * Text a tool, a remote server or the model wrote, for the terminal: through the display
 * function, so no escape sequence, carriage return or bidirectional override reaches it (tabs,
 * harmless, become spaces).
 */
function forTerminal(text: string): string {
  return quoteForDisplay(text.replaceAll('\t', '  '), Number.POSITIVE_INFINITY, 'line');
}

/** What the model read back, as the demo prints it: the first lines, indented. */
function showResult(content: string): string {
  const lines = content.split('\n');
  const shown = lines.slice(0, SHOWN_LINES).map((line) => `      | ${forTerminal(line)}`);
  if (lines.length > SHOWN_LINES) shown.push(`      | ... (${lines.length - SHOWN_LINES} more lines)`);
  return shown.join('\n');
}

/** A script input's code (`{ code }`, code_run's input), shown line by line; `undefined` for any other input. */
function getScript(input: unknown): string | undefined {
  const code = (input as { readonly code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The text of a script's console line (`code_run` logs `{ console, text }`), or `undefined` for other logs. */
function getConsoleText(data: unknown): unknown {
  const line = data as { readonly console?: unknown; readonly text?: unknown } | null;
  return typeof line?.console === 'string' ? line.text : undefined;
}

function classify(outcome: ToolExecutionOutcome): CallRecord['outcome'] {
  if (outcome.status === 'completed') return outcome.result.result.isError ? 'error' : 'completed';
  if (outcome.status === 'failed') return outcome.invoked ? 'error' : 'refused';
  return 'waiting';
}

export function describePending(pending: PendingCall): string {
  return forTerminal(
    pending.interruption.type === 'approval_required'
      ? pending.interruption.approval.reason
      : `needs authentication (${pending.interruption.type})`,
  );
}

function save(stateFile: string, state: DemoState): DemoState {
  writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`);
  return state;
}

/** The `tool` message that answers `callId`. */
function findToolMessage(messages: readonly ChatMessage[], callId: string): OpenAIChatToolMessage {
  const found = messages.find(
    (message): message is OpenAIChatToolMessage => message.role === 'tool' && message.tool_call_id === callId,
  );
  if (found === undefined) throw new Error(`No tool message for call ${callId}.`);
  return found;
}

/** Runs (or continues) the demo from `initial` until the model answers or a decision is `stop`. The state is written to `stateFile` either way. */
export async function runDemoLoop(
  executor: ToolExecutor,
  model: ChatModel,
  initial: DemoState,
  stateFile: string,
  decide: Decide,
  log: (line: string) => void,
): Promise<DemoState> {
  const started = performance.now();
  let waited = 0;
  let messages: ChatMessage[] = [...initial.messages];
  const records: CallRecord[] = initial.records.map((record) => ({ ...record }));
  const pending: PendingCall[] = [...initial.pending];
  const snapshot = (status: DemoState['status']): DemoState => ({
    ...initial,
    status,
    messages,
    pending,
    records,
    elapsedMs: Math.round(initial.elapsedMs + performance.now() - started - waited),
  });
  const recordOf = (callId: string): CallRecord => {
    const found = records.find((record) => record.callId === callId);
    if (found === undefined) throw new Error(`No record for call ${callId}.`);
    return found;
  };
  const specs = executor.specs();
  const tools = toOpenAIChatTools(specs);

  // A running command's output, shown live as it comes (shell_exec streams stdout and stderr), and
  // a script's console lines (code_run sends each as a log event; a resumed script prints them again).
  const live: ExecuteOptions = {
    onEvent: (event) => {
      const text =
        event.type === 'output'
          ? (event.chunk as { readonly text?: unknown }).text
          : event.type === 'log'
            ? getConsoleText(event.data)
            : undefined;
      if (typeof text !== 'string') return;
      if (process.stderr.isTTY) process.stderr.write('\r\x1b[2K'); // clear the spinner's line first
      const mark = event.type === 'output' ? '|' : 'console:';
      for (const line of text.replace(/\n$/, '').split('\n')) log(`    ${mark} ${forTerminal(line)}`);
    },
  };

  for (;;) {
    while (pending.length > 0) {
      const call = pending[0] as PendingCall;
      const { callId, toolName } = call.request;
      const asked = performance.now();
      const decision = await decide(call);
      waited += performance.now() - asked;
      if (decision === 'stop') return save(stateFile, snapshot('paused'));
      const record = recordOf(callId);
      const begun = performance.now();
      const outcome =
        decision === 'reject'
          ? await executor.reject(call)
          : await withSpinner(`running ${toolName}`, () =>
              call.interruption.type === 'approval_required'
                ? executor.executeApproved(call.request, call.interruption.approval, live)
                : executor.execute(call.request, live),
            );
      record.ms += Math.round(performance.now() - begun);
      record.approval = decision === 'approve' ? 'approved' : 'rejected';
      record.outcome = decision === 'reject' ? 'rejected' : classify(outcome);
      if (outcome.status === 'interrupted') {
        // A code_run script resumed past one approval, up to the next child call that asks: the same call waits again.
        if (outcome.interruption.type !== 'approval_required')
          throw new Error(
            `${toolName} is still waiting (${outcome.interruption.type}); the demo resolves approvals only.`,
          );
        const again: PendingCall = { request: call.request, interruption: outcome.interruption };
        pending[0] = again;
        record.approval = 'asked';
        record.pauses++;
        log(`    approved -> paused again for approval: ${describePending(again)}`);
        continue;
      }
      // The result joins its own turn (after the assistant message that made the call, in call order).
      messages = addOpenAIChatToolResults(messages, [{ request: call.request, outcome }]);
      const message = findToolMessage(messages, callId);
      log(
        `    ${decision === 'approve' ? 'approved' : 'rejected'} -> ${record.outcome}\n${showResult(message.content)}`,
      );
      pending.shift();
    }

    const turn = messages.filter((message) => message.role === 'assistant').length + 1;
    if (turn > MAX_TURNS) throw new Error(`The model was still calling tools after ${MAX_TURNS} turns.`);
    const reply = await model(messages, tools);
    messages.push(reply);
    if (reply.tool_calls === undefined || reply.tool_calls.length === 0) {
      log(`\nmodel: ${(reply.content ?? '').split('\n').map(forTerminal).join('\n')}`);
      return save(stateFile, snapshot('done'));
    }
    const calls = reply.tool_calls.map((call) =>
      fromOpenAIToolCall(call, { sessionId: SESSION_ID, turnId: `turn-${turn}`, specs }),
    );
    const shown = (request: ToolRequest): string => {
      const script = getScript(request.input);
      if (script === undefined)
        return `${request.toolName} ${quoteForDisplay(request.input, Number.POSITIVE_INFINITY)}`;
      return `${request.toolName} with a script:\n${script
        .split('\n')
        .map((line) => `      > ${forTerminal(line)}`)
        .join('\n')}`;
    };
    log(`\n${calls.map(({ request }) => `[turn ${turn}] model calls ${shown(request)}`).join('\n')}`);
    const begun = performance.now();
    const result = await withSpinner(`running ${calls.map(({ request }) => request.toolName).join(', ')}`, () =>
      executeToolCalls(executor, calls, live),
    );
    const ms = Math.round(performance.now() - begun);
    messages = addOpenAIChatToolResults(messages, result.results);
    for (const { request, outcome } of result.results) {
      records.push({
        callId: request.callId,
        toolName: request.toolName,
        outcome: classify(outcome),
        approval: '-',
        pauses: 0,
        ms,
      });
      const message = findToolMessage(messages, request.callId);
      log(
        `    ${request.toolName} -> ${classify(outcome)}${outcome.status === 'failed' ? ` (invoked: ${outcome.invoked})` : ''}\n${showResult(message.content)}`,
      );
    }
    for (const call of result.pending) {
      records.push({
        callId: call.request.callId,
        toolName: call.request.toolName,
        outcome: 'waiting',
        approval: 'asked',
        pauses: 1,
        ms,
      });
      log(`    ${call.request.toolName} -> paused for approval: ${describePending(call)}`);
      pending.push(call);
    }
  }
}
