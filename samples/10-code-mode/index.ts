/**
 * Sample 10: code mode. A scripted model answers the demo's prompt with ONE `code_run` call
 * whose script does the demo's first five steps (list, grep, read, edit, check). Each
 * `tools.x()` in the script is a child call under the default checker, exactly as if the model
 * had called the tool itself: the reads run, the edit pauses the whole `code_run` call with the
 * edit's own approval, and after the person approves, `executeApproved(codeRunRequest,
 * editApproval)` runs the script again from the top with the finished calls answered from
 * their record (kept in the approval store): they are not run again. The check pauses it once
 * more, the same way. An observer counts the tool bodies that really ran: one each.
 */
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Container } from 'inversify';
import {
  agentkitModule,
  EXECUTOR_OBSERVER,
  TOOL_EXECUTOR,
  type ExecutorObserver,
  type JsonValue,
  type ToolEvent,
  type ToolExecutionOutcome,
} from '../../src/index.js';
import { codeTools } from '../../src/code/index.js';
import { fileSystemTools } from '../../src/fs/index.js';
import { addOpenAIChatToolResults, fromOpenAIToolCall, toOpenAIChatTools } from '../../src/providers/index.js';
import { shellTools } from '../../src/shell/index.js';
import type { ChatMessage } from '../08-agent-loop/ChatMessage.js';
import { codeModel } from './codeModel.js';

const PROJECT = fileURLToPath(new URL('../demo/project', import.meta.url));
const PROMPT = 'The check script fails. Fix the cause and check again.';

export interface CodeModeReport {
  /** The first run: interrupted at the edit. */
  readonly first: ToolExecutionOutcome;
  /** Each resume, in order (the last one completes). */
  readonly resumes: readonly ToolExecutionOutcome[];
  /** The tool calls whose pause was approved, in order. */
  readonly approved: readonly string[];
  /** How many times each tool's body ran (completed), over all runs of the script. */
  readonly ran: Readonly<Record<string, number>>;
  /** Every `console` line the script printed, over all its runs (a replay prints them again). */
  readonly consoleLines: readonly string[];
  /** docs/guide.md at the end. */
  readonly guide: string;
  /** The model's answer after the call. */
  readonly answer: string;
}

export async function run(log: (line: string) => void = console.log): Promise<CodeModeReport> {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-sample-code-')));
  cpSync(PROJECT, root, { recursive: true });
  const ran: Record<string, number> = {};
  const observer: ExecutorObserver = {
    onEnd: (request, outcome) => {
      if (request.toolName !== 'code_run' && outcome.status === 'completed')
        ran[request.toolName] = (ran[request.toolName] ?? 0) + 1;
    },
  };
  const container = new Container();
  container.bind(EXECUTOR_OBSERVER).toConstantValue(observer);
  container.load(
    agentkitModule({ roots: [{ path: root }] }),
    fileSystemTools(),
    shellTools(),
    // The script may call these five; any other tool is not on its `tools` object.
    codeTools({
      tools: ['fs_list_directory', 'fs_grep', 'fs_read_file', 'fs_edit_file', 'shell_exec'],
      maxToolCalls: 20,
    }),
  );
  const executor = await container.getAsync(TOOL_EXECUTOR);
  try {
    const specs = executor.specs();
    const description = specs.find((spec) => spec.name === 'code_run')?.description ?? '';
    const declared = description.split('\n').find((line) => line.includes('fs_edit_file(input'));
    log(`code_run's description declares the callable tools in TypeScript, e.g.\n  ${declared?.trim() ?? '?'}`);

    const tools = toOpenAIChatTools(specs);
    const messages: ChatMessage[] = [{ role: 'user', content: PROMPT }];
    const reply = await codeModel(messages, tools);
    messages.push(reply);
    const [call] = reply.tool_calls ?? [];
    if (call === undefined) throw new Error('The scripted model made no call.');
    const { request } = fromOpenAIToolCall(call, { sessionId: 'sample-10', turnId: 'turn-1', specs });
    log(
      `model calls ${request.toolName} with a script of ${(request.input as { code: string }).code.split('\n').length} lines`,
    );

    const consoleLines: string[] = [];
    const onEvent = (event: ToolEvent): void => {
      if (event.type !== 'log' || event.callId !== request.callId) return;
      const { text } = event.data as { text: string };
      consoleLines.push(text);
      log(`  console: ${text}`);
    };

    const first = await executor.execute(request, { onEvent });
    const resumes: ToolExecutionOutcome[] = [];
    const approved: string[] = [];
    let outcome = first;
    while (outcome.status === 'interrupted' && outcome.interruption.type === 'approval_required') {
      const { approval } = outcome.interruption;
      log(`paused: ${approval.callId} (${approval.toolName}) waits: ${approval.reason}`);
      log(`ran so far: ${JSON.stringify(ran)}`);
      // The person approves the child's call; the resume is the same code_run request with that approval.
      approved.push(approval.toolName);
      log(`the person approves ${approval.toolName}; code_run replays the script`);
      outcome = await executor.executeApproved(request, approval, { onEvent });
      resumes.push(outcome);
    }
    if (outcome.status === 'completed' && outcome.result.result.output.type === 'structured') {
      const value = outcome.result.result.output.value as { result: JsonValue; toolCalls: number };
      log(`completed: ${JSON.stringify(value.result)} (${value.toolCalls} tool calls, replayed ones included)`);
    } else {
      log(`ended ${outcome.status}: ${JSON.stringify(outcome)}`);
    }
    log(`ran in all: ${JSON.stringify(ran)} (each tool once, though the script ran ${resumes.length + 1} times)`);
    const answer = await codeModel(addOpenAIChatToolResults(messages, [{ request, outcome }]), tools);
    log(`model: ${answer.content ?? ''}`);
    return {
      first,
      resumes,
      approved,
      ran: { ...ran },
      consoleLines,
      guide: readFileSync(path.join(root, 'docs/guide.md'), 'utf8'),
      answer: answer.content ?? '',
    };
  } finally {
    await executor.close();
    rmSync(root, { recursive: true, force: true });
  }
}
