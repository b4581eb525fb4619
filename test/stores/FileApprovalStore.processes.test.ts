import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileApprovalStore } from '../../src/stores/index.js';
import { compiledScript } from '../fixtures/compiledScript.js';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const HOST = join(PROJECT_ROOT, 'test/stores/fixtures/approvalHost.ts');
/** Starting Node takes seconds on a busy machine; only a stuck run reaches this. */
const BUDGET_MS = 180_000;

interface HostOutcome {
  readonly status: string;
  readonly code?: string;
  readonly details?: Record<string, unknown>;
  readonly message?: string;
  readonly invoked?: boolean;
}

const children = new Set<ChildProcessWithoutNullStreams>();
let dir: string;
/** The host fixture compiled to JavaScript: a child is plain `node` (see compiledScript). */
let hostScript: string;

beforeAll(async () => {
  hostScript = await compiledScript(HOST);
}, BUDGET_MS);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agentkit-approvals-'));
});

afterEach(() => {
  // Only children of a failed test are still running; they are ours.
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  children.clear();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the host fixture; `result` is its last line of output as JSON once it exits 0. */
function startHost(
  store: 'file' | 'memory',
  mode: string,
  wait = false,
): { child: ChildProcessWithoutNullStreams; ready: Promise<void>; result: Promise<HostOutcome> } {
  const args = [hostScript, store, join(dir, 'store'), join(dir, 'pending.json'), join(dir, 'log.txt'), mode];
  const child = spawn(process.execPath, wait ? [...args, '--wait'] : args, { cwd: PROJECT_ROOT });
  children.add(child);
  let stdout = '';
  let stderr = '';
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolveReady) => (onReady = resolveReady));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (stdout.startsWith('ready\n')) onReady();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const result = once(child, 'close').then(([code]) => {
    if (code !== 0) throw new Error(`approval host (${mode}) exited with ${String(code)}: ${stderr}`);
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as HostOutcome;
  });
  return { child, ready, result };
}

async function runHost(store: 'file' | 'memory', mode: string): Promise<HostOutcome> {
  return startHost(store, mode).result;
}

function getLogLines(): string[] {
  const log = join(dir, 'log.txt');
  return existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => line !== '')
    : [];
}

describe(FileApprovalStore.name, () => {
  describe('across processes', () => {
    it(
      'lets exactly one of 8 processes resuming the same approval at once run the tool',
      async () => {
        expect(await runHost('file', 'issue')).toStrictEqual({ status: 'interrupted' });
        const hosts = Array.from({ length: 8 }, () => startHost('file', 'resume', true));
        await Promise.all(hosts.map((host) => host.ready));
        for (const host of hosts) host.child.stdin.write('go\n');
        const outcomes = await Promise.all(hosts.map((host) => host.result));

        expect(
          outcomes
            .map((outcome) =>
              [outcome.status, outcome.details?.reason].filter((part) => typeof part === 'string').join(' '),
            )
            .sort(),
        ).toStrictEqual(['completed', ...Array.from({ length: 7 }, () => 'failed already_used')]);
        expect(getLogLines()).toHaveLength(1);
      },
      BUDGET_MS,
    );

    it(
      'resumes a call persisted as a PendingCall in a new process, once',
      async () => {
        expect(await runHost('file', 'issue')).toStrictEqual({ status: 'interrupted' });
        expect(await runHost('file', 'resume')).toStrictEqual({ status: 'completed' });
        expect(await runHost('file', 'resume')).toMatchObject({
          status: 'failed',
          code: 'permission_denied',
          details: { reason: 'already_used' },
          invoked: false,
        });
        expect(getLogLines()).toHaveLength(1);
      },
      BUDGET_MS,
    );

    it(
      'rejects a persisted call in a new process, after which no process can use its approval',
      async () => {
        expect(await runHost('file', 'issue')).toStrictEqual({ status: 'interrupted' });
        expect(await runHost('file', 'reject')).toMatchObject({
          status: 'failed',
          code: 'permission_denied',
          details: { reason: 'rejected_by_user', approvalStatus: 'consumed', userReason: 'not now' },
          invoked: false,
        });
        expect(await runHost('file', 'resume')).toMatchObject({
          status: 'failed',
          code: 'permission_denied',
          details: { reason: 'already_used' },
          invoked: false,
        });
        expect(getLogLines()).toStrictEqual([]);
      },
      BUDGET_MS,
    );
  });
});

describe('the default in-memory approval store after a restart', () => {
  it(
    'tells the host the approval is unknown and that a durable store is needed, and does not tell the model to retry',
    async () => {
      expect(await runHost('memory', 'issue')).toStrictEqual({ status: 'interrupted' });
      const outcome = await runHost('memory', 'resume');

      expect(outcome).toMatchObject({
        status: 'failed',
        code: 'permission_denied',
        details: { reason: 'unknown_approval' },
        invoked: false,
      });
      expect(outcome.message).toContain('FileApprovalStore');
      expect(outcome.message).toContain('restarts');
      expect(outcome.message).not.toMatch(/call the tool again to/i);
      expect(outcome.details?.hint).toContain('durable store');
      expect(getLogLines()).toStrictEqual([]);
    },
    BUDGET_MS,
  );
});
