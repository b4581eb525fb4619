import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { compiledScript } from '../fixtures/compiledScript.js';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const HOST = join(PROJECT_ROOT, 'test/code/fixtures/codeProcessHost.ts');
/** Starting Node takes seconds on a busy machine; only a stuck run reaches this. */
const BUDGET_MS = 180_000;

let dir: string;
let hostScript: string;

beforeAll(async () => {
  hostScript = await compiledScript(HOST);
}, BUDGET_MS);

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'agentkit-code-processes-')));
  mkdirSync(join(dir, 'work'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

interface HostOutcome {
  readonly status: string;
  readonly interruption?: {
    readonly type: string;
    readonly approval: { readonly callId: string; readonly toolName: string };
  };
  readonly error?: { readonly code: string; readonly details: Record<string, unknown> };
  readonly output?: { readonly type: string; readonly value: { readonly result: unknown; readonly toolCalls: number } };
}

/** Runs the host fixture once, in a process of its own. */
async function runHost(mode: 'start' | 'resume'): Promise<HostOutcome> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [hostScript, join(dir, 'store'), join(dir, 'work'), join(dir, 'pending.json'), mode],
    { cwd: PROJECT_ROOT },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as HostOutcome;
}

describe('code_run across processes, with the file approval store', () => {
  it(
    'pauses for the write, then for the command, each in a new process, and runs each side effect once',
    async () => {
      const first = await runHost('start');
      expect(first).toMatchObject({
        status: 'interrupted',
        interruption: { type: 'approval_required', approval: { callId: 'code-1/1', toolName: 'fs_write_file' } },
      });
      expect(existsSync(join(dir, 'work/note.txt'))).toBe(false);

      const second = await runHost('resume');
      expect(second).toMatchObject({
        status: 'interrupted',
        interruption: { type: 'approval_required', approval: { callId: 'code-1/2', toolName: 'shell_exec' } },
      });
      expect(readFileSync(join(dir, 'work/note.txt'), 'utf8')).toBe('hello from the script');
      expect(existsSync(join(dir, 'work/ran.txt'))).toBe(false);

      // The write is answered from the record: had it run again, it would have asked again.
      const third = await runHost('resume');
      expect(third).toMatchObject({
        status: 'completed',
        output: { type: 'structured', value: { result: { exitCode: 0, stdout: 'appended\n' }, toolCalls: 2 } },
      });
      expect(readFileSync(join(dir, 'work/ran.txt'), 'utf8')).toBe('hello from the script');

      // The last approval and the last record are spent: resuming again runs nothing.
      const fourth = await runHost('resume');
      expect(fourth).toMatchObject({ status: 'failed', error: { code: 'permission_denied' } });
      expect(readFileSync(join(dir, 'work/ran.txt'), 'utf8')).toBe('hello from the script');
    },
    BUDGET_MS,
  );
});
