import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { LoopState } from '../../samples/08-agent-loop/LoopState.js';
import { run } from '../../samples/08-agent-loop/index.js';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = join(PROJECT_ROOT, 'samples/08-agent-loop/main.ts');
/** Starting Node with the TypeScript loader takes seconds on a busy machine; only a stuck run reaches this. */
const BUDGET_MS = 180_000;
const SUMMARY = '# Summary\n\nTwo tasks: ship the loop, write the docs.\n';
const WRITE_CALL = {
  role: 'assistant',
  content: null,
  tool_calls: [
    {
      type: 'function',
      id: 'call_write',
      function: { name: 'fs_write_file', arguments: JSON.stringify({ path: 'summary.md', content: SUMMARY }) },
    },
  ],
};

let dir: string;
let workspace: string;
let stateDir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agentkit-loop-'));
  workspace = join(dir, 'workspace');
  stateDir = join(dir, 'state');
  mkdirSync(workspace);
  writeFileSync(join(workspace, 'notes.md'), '# Notes\n- ship the loop\n- write the docs\n');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** One process of the loop (samples/08-agent-loop/main.ts); resolves with the state it left. */
async function runProcess(...decision: string[]): Promise<LoopState> {
  await promisify(execFile)(
    process.execPath,
    ['--import', '@swc-node/register/esm-register', MAIN, workspace, stateDir, ...decision],
    { cwd: PROJECT_ROOT, timeout: BUDGET_MS },
  );
  return JSON.parse(readFileSync(join(stateDir, 'state.json'), 'utf8')) as LoopState;
}

describe('samples/08-agent-loop', () => {
  it(
    'pauses at the write in one process and, approved in a second process, writes the file and gives the final answer',
    async () => {
      const paused = await runProcess();
      expect(paused).toMatchObject({
        status: 'paused',
        turn: 3,
        pending: [
          { request: { callId: 'call_write', toolName: 'fs_write_file' }, interruption: { type: 'approval_required' } },
        ],
      });
      expect(paused.messages.at(-1)).toStrictEqual(WRITE_CALL);
      expect(existsSync(join(workspace, 'summary.md'))).toBe(false);

      const finished = await runProcess('approve');
      expect(readFileSync(join(workspace, 'summary.md'), 'utf8')).toBe(SUMMARY);
      expect(finished).toMatchObject({ status: 'done', turn: 4, pending: [] });
      expect(finished.messages.slice(0, paused.messages.length)).toStrictEqual(paused.messages);
      expect(finished.messages.slice(paused.messages.length)).toStrictEqual([
        {
          role: 'tool',
          tool_call_id: 'call_write',
          content: expect.stringMatching(/^created \/.*\/workspace\/summary\.md \(53 bytes\)\n--- /u),
        },
        { role: 'assistant', content: 'I wrote summary.md with the two tasks from notes.md.' },
      ]);
    },
    BUDGET_MS,
  );

  it(
    'rejected in a second process, writes nothing and tells the model the user declined',
    async () => {
      const paused = await runProcess();
      const finished = await runProcess('reject');

      expect(existsSync(join(workspace, 'summary.md'))).toBe(false);
      expect(finished).toMatchObject({ status: 'done', turn: 4, pending: [] });
      expect(finished.messages.slice(paused.messages.length)).toStrictEqual([
        {
          role: 'tool',
          tool_call_id: 'call_write',
          content:
            "[permission_denied] The user declined this call of tool `fs_write_file`, so it was not run and nothing changed. Do not call the tool again with the same input; follow the user's reason if they gave one, or ask the user how to proceed.",
        },
        { role: 'assistant', content: 'You declined the write, so summary.md was not created.' },
      ]);
    },
    BUDGET_MS,
  );

  it(
    'runs in one process for npm start: pauses, resumes with approve, writes the file and cleans up',
    async () => {
      const lines: string[] = [];
      const report = await run((line) => lines.push(line));

      expect(report.paused).toMatchObject({ status: 'paused', pending: [{ request: { toolName: 'fs_write_file' } }] });
      expect(report.finished.messages.at(-1)).toStrictEqual({
        role: 'assistant',
        content: 'I wrote summary.md with the two tasks from notes.md.',
      });
      expect(report).toMatchObject({ summary: SUMMARY, cleanedUp: true });
      expect(lines).toContain('paused: fs_write_file waits for approval_required; state in state.json');
      expect(lines.at(-1)).toBe('done; summary.md written: true');
    },
    BUDGET_MS,
  );
});
