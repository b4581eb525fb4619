/**
 * Sample 08: the agent loop a user copies (agentLoop.ts), driven by a scripted OpenAI Chat
 * model. The run lists a temp workspace, reads notes.md and asks to write summary.md: the
 * write needs approval, so the loop persists the pending call and the transcript and stops.
 * A fresh executor (as a new process would build; main.ts does it in one) resumes with the
 * host's decision, approve here, and the model gives its final answer.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resumeAgentLoop, startAgentLoop } from './agentLoop.js';
import type { ChatMessage } from './ChatMessage.js';
import { createAgentExecutor } from './createAgentExecutor.js';
import type { LoopState } from './LoopState.js';
import { scriptedModel } from './scriptedModel.js';

export interface AgentLoopReport {
  readonly paused: LoopState;
  readonly finished: LoopState;
  readonly summary: string | undefined;
  readonly cleanedUp: boolean;
}

function describeMessage(message: ChatMessage): string {
  if (message.role === 'tool') return `tool ${message.tool_call_id}: ${message.content.split('\n')[0] ?? ''}`;
  if (message.role !== 'assistant' || message.tool_calls === undefined)
    return `${message.role}: ${message.content ?? ''}`;
  return `assistant calls ${message.tool_calls.map((call) => `${call.function.name} ${call.function.arguments}`).join(', ')}`;
}

export async function run(log: (line: string) => void = console.log): Promise<AgentLoopReport> {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-sample-08-')));
  const workspace = path.join(base, 'workspace');
  const stateDir = path.join(base, 'state');
  const stateFile = path.join(stateDir, 'state.json');
  const shown = (text: string): string => text.split(workspace).join('<root>');
  try {
    mkdirSync(workspace);
    writeFileSync(path.join(workspace, 'notes.md'), '# Notes\n- ship the loop\n- write the docs\n');

    const paused = await startAgentLoop(
      await createAgentExecutor(workspace, stateDir),
      scriptedModel,
      'Summarize notes.md into summary.md.',
      stateFile,
    );
    for (const message of paused.messages) log(shown(describeMessage(message)));
    log(
      `${paused.status}: ${paused.pending.map((pending) => `${pending.request.toolName} waits for ${pending.interruption.type}`).join(', ')}; state in state.json`,
    );

    const finished = await resumeAgentLoop(
      await createAgentExecutor(workspace, stateDir),
      scriptedModel,
      stateFile,
      () => 'approve',
    );
    log('resumed with a new executor, decision: approve');
    for (const message of finished.messages.slice(paused.messages.length)) log(shown(describeMessage(message)));
    const summaryFile = path.join(workspace, 'summary.md');
    const summary = existsSync(summaryFile) ? readFileSync(summaryFile, 'utf8') : undefined;
    log(`${finished.status}; summary.md written: ${summary !== undefined}`);
    rmSync(base, { recursive: true, force: true });
    return { paused, finished, summary, cleanedUp: !existsSync(base) };
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
