import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from 'redis';
import pg from 'pg';
import { PostgresApprovalStore } from '../../src/postgres/index.js';
import { findTestServer, uniqueName } from '../fixtures/findTestServer.js';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const HOST = join(PROJECT_ROOT, 'test/stores/fixtures/approvalHost.ts');
/** Starting Node with the TypeScript loader takes seconds on a busy machine; only a stuck run reaches this. */
const BUDGET_MS = 300_000;

interface HostOutcome {
  readonly status: string;
  readonly code?: string;
  readonly details?: Record<string, unknown>;
  readonly invoked?: boolean;
}

const SERVERS = {
  redis: await findTestServer('redis', 'RedisApprovalStore across processes'),
  postgres: await findTestServer('postgres', 'PostgresApprovalStore across processes'),
};

describe.each(['redis', 'postgres'] as const)('the %s approval store across processes', (kind) => {
  const url = SERVERS[kind];
  const describeWithServer = url === undefined ? describe.skip : describe;
  const namespace = uniqueName('agentkit_test_processes');
  const children = new Set<ChildProcessWithoutNullStreams>();
  let dir: string;

  beforeAll(async () => {
    if (url === undefined || kind !== 'postgres') return;
    const store = await PostgresApprovalStore.connect(url, { table: namespace });
    await store.migrate();
    await store.close();
  });

  afterAll(async () => {
    if (url === undefined) return;
    if (kind === 'postgres') {
      const pool = new pg.Pool({ connectionString: url });
      await pool.query(`DROP TABLE IF EXISTS "${namespace}"`);
      await pool.end();
    } else {
      const client = createClient({ url });
      await client.connect();
      const keys = await client.keys(`${namespace}:*`);
      if (keys.length > 0) await client.del(keys);
      client.destroy();
    }
  });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'agentkit-approvals-'));
  });

  afterEach(() => {
    // Only children of a failed test are still running; they are ours.
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    children.clear();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Starts the host fixture on this store; `result` is its last line of output as JSON once it exits 0. */
  function startHost(
    mode: string,
    wait = false,
  ): { child: ChildProcessWithoutNullStreams; ready: Promise<void>; result: Promise<HostOutcome> } {
    const args = [
      '--import',
      '@swc-node/register/esm-register',
      HOST,
      kind,
      url ?? '',
      join(dir, 'pending.json'),
      join(dir, 'log.txt'),
      mode,
    ];
    const child = spawn(process.execPath, wait ? [...args, '--wait'] : args, {
      cwd: PROJECT_ROOT,
      env: { ...process.env, AGENTKIT_TEST_STORE_NAMESPACE: namespace },
    });
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
      if (code !== 0) throw new Error(`approval host (${kind}, ${mode}) exited with ${String(code)}: ${stderr}`);
      return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as HostOutcome;
    });
    return { child, ready, result };
  }

  function getLogLines(): string[] {
    const log = join(dir, 'log.txt');
    return existsSync(log)
      ? readFileSync(log, 'utf8')
          .split('\n')
          .filter((line) => line !== '')
      : [];
  }

  describeWithServer('on its server', () => {
    it(
      'lets exactly one of 8 processes resuming the same approval at once run the tool',
      async () => {
        expect(await startHost('issue').result).toStrictEqual({ status: 'interrupted' });
        const hosts = Array.from({ length: 8 }, () => startHost('resume', true));
        // Each host has connected to the server before it says ready: the race is on consume alone.
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
  });
});
