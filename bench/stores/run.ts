// `npm run bench -- stores`: the latency of one `consume` on each approval store, side by side.
// Calls are interleaved round-robin (one consume on each store per round), so the load of the
// machine lands on every store alike; p50 and p99 of single calls are reported. Redis and
// PostgreSQL are measured when reachable (AGENTKIT_TEST_REDIS_URL / AGENTKIT_TEST_POSTGRES_URL,
// else the local defaults), and said to be skipped otherwise.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryApprovalStore, type ApprovalRequest, type ApprovalStore } from '../../src/index.js';
import { PostgresApprovalStore } from '../../src/postgres/index.js';
import { RedisApprovalStore } from '../../src/redis/index.js';
import { FileApprovalStore } from '../../src/stores/index.js';
import { describeLoad } from '../report.js';

const CALLS = 2000;
const WARMUP = 200;

interface Measured {
  readonly name: string;
  readonly store: ApprovalStore;
  readonly ids: string[];
  readonly samplesNs: number[];
  close(): Promise<void>;
}

function approval(): ApprovalRequest {
  const now = Date.now();
  return {
    id: randomUUID(),
    callId: 'call-1',
    toolName: 'write',
    sessionId: 'session-1',
    turnId: 'turn-1',
    requests: [{ kind: 'fs.write', target: '/tmp/a.txt', summary: 'fs.write /tmp/a.txt' }],
    reason: 'needs a person',
    binding: 'b'.repeat(64),
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + 15 * 60_000).toISOString(),
  };
}

async function open(): Promise<Measured[]> {
  const dir = mkdtempSync(join(tmpdir(), 'agentkit-bench-stores-'));
  const opened: Measured[] = [];
  const add = (name: string, store: ApprovalStore, close: () => Promise<void>): void => {
    opened.push({ name, store, ids: [], samplesNs: [], close });
  };
  add('in-memory', new InMemoryApprovalStore(), () => Promise.resolve());
  add('file', new FileApprovalStore({ directory: join(dir, 'approvals') }), () => {
    rmSync(dir, { recursive: true, force: true });
    return Promise.resolve();
  });
  const suffix = `${process.pid}_${Date.now().toString(36)}`;
  const redisUrl = process.env['AGENTKIT_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  try {
    const redis = await RedisApprovalStore.connect(redisUrl, {
      keyPrefix: `agentkit_bench_${suffix}:`,
      connectTimeoutMs: 2000,
    });
    add('redis', redis, () => redis.close());
  } catch (thrown) {
    console.log(
      `redis: skipped, ${redisUrl} cannot be reached (${String(thrown)}); set AGENTKIT_TEST_REDIS_URL to measure it`,
    );
  }
  const postgresUrl = process.env['AGENTKIT_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
  try {
    const table = `agentkit_bench_${suffix}`;
    const postgres = await PostgresApprovalStore.connect(postgresUrl, {
      table,
      connectTimeoutMs: 2000,
      maxConnections: 1,
    });
    await postgres.migrate();
    add('postgres', postgres, async () => {
      await postgres.prune().catch(() => undefined);
      const { Pool } = (await import('pg')).default;
      const pool = new Pool({ connectionString: postgresUrl });
      await pool.query(`DROP TABLE IF EXISTS "${table}"`).finally(() => pool.end());
      await postgres.close();
    });
  } catch (thrown) {
    console.log(
      `postgres: skipped, ${postgresUrl} cannot be reached (${String(thrown)}); set AGENTKIT_TEST_POSTGRES_URL to measure it`,
    );
  }
  return opened;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

export async function runStoresBench(): Promise<void> {
  const stores = await open();
  try {
    for (const measured of stores) {
      for (let i = 0; i < WARMUP + CALLS; i++) {
        const issued = approval();
        await measured.store.issue(issued);
        measured.ids.push(issued.id);
      }
    }
    for (let i = 0; i < WARMUP + CALLS; i++) {
      for (const measured of stores) {
        const id = measured.ids[i] ?? '';
        const started = process.hrtime.bigint();
        const answer = await measured.store.consume(id);
        const elapsed = Number(process.hrtime.bigint() - started);
        if (answer !== 'consumed') throw new Error(`${measured.name}: consume answered ${answer}`);
        if (i >= WARMUP) measured.samplesNs.push(elapsed);
      }
    }
    console.log(
      `approval store consume, ${CALLS} calls each, interleaved (p50 / p99 of one call; the machine's load lands on every store alike); ${describeLoad()}:`,
    );
    for (const { name, samplesNs } of stores) {
      const sorted = [...samplesNs].sort((a, b) => a - b);
      console.log(
        `  ${name.padEnd(10)} p50 ${(percentile(sorted, 0.5) / 1000).toFixed(1).padStart(8)} µs   p99 ${(percentile(sorted, 0.99) / 1000).toFixed(1).padStart(8)} µs`,
      );
    }
  } finally {
    for (const measured of stores) await measured.close();
  }
}
