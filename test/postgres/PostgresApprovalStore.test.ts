import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import {
  PermissionDecision,
  ToolConfigurationError,
  type ApprovalRequest,
  type PermissionChecker,
} from '../../src/index.js';
import { PostgresApprovalStore, type PostgresQueryable } from '../../src/postgres/index.js';
import { createToolRequest } from '../../src/testing/index.js';
import { buildApproval, itKeepsTheApprovalStoreContract, writeTool } from '../fixtures/approvalStoreContract.js';
import { createExecutor } from '../fixtures/createExecutor.js';
import { findTestServer, uniqueName } from '../fixtures/findTestServer.js';
import { findFreePort } from '../redis/fixtures/startThrowawayRedis.js';

const POSTGRES_URL = await findTestServer('postgres', 'PostgresApprovalStore tests');
const describeWithPostgres = POSTGRES_URL === undefined ? describe.skip : describe;
const ASK: PermissionChecker = { evaluate: () => PermissionDecision.requireApproval('needs a person') };
const UNAVAILABLE = {
  status: 'failed',
  invoked: false,
  error: { code: 'unavailable', details: { reason: 'approval_store_unavailable' } },
};

describeWithPostgres(PostgresApprovalStore.name, () => {
  const url = POSTGRES_URL ?? '';
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  pool.on('error', () => undefined);
  const table = uniqueName('agentkit_test_approvals');
  let store: PostgresApprovalStore;

  beforeAll(async () => {
    await new PostgresApprovalStore({ pool, table }).migrate();
  });

  afterAll(async () => {
    await pool.query(`DROP TABLE IF EXISTS "${table}"`);
    await pool.end();
  });

  beforeEach(() => {
    store = new PostgresApprovalStore({ pool, table });
  });

  describe('the ApprovalStore contract', () => {
    itKeepsTheApprovalStoreContract(() => store);
  });

  describe('its table', () => {
    it('is created by migrate(), which several processes may run at once, and by the SQL it documents', async () => {
      const fresh = uniqueName('agentkit_test_migrate');
      try {
        const stores = Array.from({ length: 6 }, () => new PostgresApprovalStore({ pool, table: fresh }));
        await Promise.all(stores.map((each) => each.migrate()));
        await stores[0]?.migrate();
        const { rows } = await pool.query<{ column_name: string }>(
          'SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position',
          [fresh],
        );
        expect(rows.map((row) => row.column_name)).toStrictEqual(['id', 'approval', 'expires_at', 'used_at']);
        const issued = buildApproval();
        await stores[1]?.issue(issued);
        expect(await stores[2]?.consume(issued.id)).toBe('consumed');
      } finally {
        await pool.query(`DROP TABLE IF EXISTS "${fresh}"`);
      }
      expect(PostgresApprovalStore.schemaSql()).toBe(
        'CREATE TABLE IF NOT EXISTS "agentkit_approvals" (id text PRIMARY KEY, approval jsonb NOT NULL, expires_at timestamptz NOT NULL, used_at timestamptz);\n' +
          'CREATE INDEX IF NOT EXISTS "agentkit_approvals_expires_at_idx" ON "agentkit_approvals" (expires_at);',
      );
      expect(PostgresApprovalStore.schemaSql('app.approvals')).toContain('ON "app"."approvals" (expires_at)');
    });

    it.each(['drop table x', 'a-b', '1abc', 'a.b.c', '', 'x'.repeat(64)])(
      'refuses the table name %j (names go into SQL text)',
      (name) => {
        expect(() => new PostgresApprovalStore({ pool, table: name })).toThrow(ToolConfigurationError);
        expect(() => PostgresApprovalStore.schemaSql(name)).toThrow(ToolConfigurationError);
      },
    );

    it('deletes approvals that expired more than an hour ago on prune()', async () => {
      const old = buildApproval({ expiresAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString() });
      const recent = buildApproval({ expiresAt: new Date(Date.now() - 60 * 1000).toISOString() });
      await store.issue(old);
      await store.issue(recent);
      expect(await store.prune()).toBeGreaterThanOrEqual(1);
      expect(await store.get(old.id)).toBeUndefined();
      expect(await store.get(recent.id)).toStrictEqual(recent);
    });
  });

  describe('rows', () => {
    const damages: [string, (issued: ApprovalRequest) => [string, unknown[]]][] = [
      ['an approval of another id', (issued) => ['approval = $2::jsonb', [JSON.stringify({ ...issued, id: 'other' })]]],
      ['an approval without its binding', () => ["approval = approval - 'binding'", []]],
      ['an approval that is not an object', () => ["approval = '[1, 2]'::jsonb", []]],
      [
        'an approval whose session is a number',
        (issued) => ['approval = $2::jsonb', [JSON.stringify({ ...issued, sessionId: 7 })]],
      ],
      ["an expiry pushed back past the approval's own", () => ["expires_at = now() + interval '1 day'", []]],
    ];

    it.each(damages)('never honours a damaged row (%s): get is undefined, consume unknown', async (_label, damage) => {
      const issued = buildApproval();
      await store.issue(issued);
      const [set, values] = damage(issued);
      await pool.query(`UPDATE "${table}" SET ${set} WHERE id = $1`, [issued.id, ...values]);
      expect(await store.get(issued.id)).toBeUndefined();
      expect(await store.consume(issued.id)).toBe('unknown');
      expect(await store.consume(issued.id)).toBe('unknown');
    });
  });

  describe('faults', () => {
    it('ends calls unavailable when its connection is cut mid-run, runs nothing, and runs the approval once on a new connection', async () => {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined);
      await client.connect();
      const tool = writeTool();
      const executor = createExecutor([tool], {
        permissions: ASK,
        approvals: new PostgresApprovalStore({ pool: client, table }),
      });
      const request = createToolRequest('write', { path: 'a.txt' });
      const outcome = await executor.execute(request);
      if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required')
        throw new Error('expected an approval');
      const { approval } = outcome.interruption;
      // The server ends the store's connection (as a restart or a failover would).
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await pool.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
      const failed = await executor.executeApproved(request, approval);
      expect(failed).toMatchObject(UNAVAILABLE);
      expect(failed.status === 'failed' && failed.error.message).toContain(
        'PostgresApprovalStore could not read an approval',
      );
      expect(tool.calls).toStrictEqual([]);
      await client.end().catch(() => undefined);

      const healthy = createExecutor([tool], { permissions: ASK, approvals: store });
      expect(await healthy.executeApproved(request, approval)).toMatchObject({ status: 'completed' });
      expect(await healthy.executeApproved(request, approval)).toMatchObject({
        status: 'failed',
        error: { details: { reason: 'already_used' } },
      });
      expect(tool.calls).toHaveLength(1);
    });

    it('ends calls unavailable when its server cannot be reached or its table is missing', async () => {
      const down = new pg.Pool({
        connectionString: `postgres://postgres@127.0.0.1:${await findFreePort()}/test`,
        connectionTimeoutMillis: 2000,
      });
      down.on('error', () => undefined);
      const tool = writeTool();
      const request = createToolRequest('write', { path: 'a.txt' });
      try {
        const unreachable = createExecutor([tool], {
          permissions: ASK,
          approvals: new PostgresApprovalStore({ pool: down, table }),
        });
        expect(await unreachable.execute(request)).toMatchObject({
          ...UNAVAILABLE,
          error: { ...UNAVAILABLE.error, details: { ...UNAVAILABLE.error.details, storeAction: 'issue' } },
        });
      } finally {
        await down.end();
      }
      const missing = createExecutor([tool], {
        permissions: ASK,
        approvals: new PostgresApprovalStore({ pool, table: uniqueName('agentkit_test_missing') }),
      });
      const outcome = await missing.execute(request);
      expect(outcome).toMatchObject(UNAVAILABLE);
      expect(outcome.status === 'failed' && outcome.error.message).toContain(
        'PostgresApprovalStore could not record an approval (42P01)',
      );
      expect(tool.calls).toStrictEqual([]);
    });
  });

  describe('options and connections', () => {
    it('refuses options it cannot use', () => {
      expect(() => new PostgresApprovalStore(null as never)).toThrow(ToolConfigurationError);
      expect(() => new PostgresApprovalStore({ pool: {} as PostgresQueryable })).toThrow(/needs `pool`/);
      expect(() => new PostgresApprovalStore({ pool, tabel: 'x' } as never)).toThrow(/unknown key "tabel"/);
    });

    it('connects a pool of its own and ends it on close; a pool the host passed in stays open', async () => {
      const owned = await PostgresApprovalStore.connect(url, { table });
      const issued = buildApproval();
      await owned.issue(issued);
      expect(await store.consume(issued.id)).toBe('consumed');
      await owned.close();
      await owned.close();
      await expect(owned.get(issued.id)).rejects.toThrow(/^PostgresApprovalStore could not read an approval/);
      await store.close();
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toStrictEqual([{ one: 1 }]);
    });

    it('fails to connect at once, naming no password, when nothing listens', async () => {
      const port = await findFreePort();
      await expect(PostgresApprovalStore.connect(`postgres://postgres:s3cret@127.0.0.1:${port}/test`)).rejects.toThrow(
        `PostgresApprovalStore could not connect to postgres://postgres:***@127.0.0.1:${port}/test (ECONNREFUSED).`,
      );
      await expect(PostgresApprovalStore.connect('mysql://127.0.0.1/test')).rejects.toThrow(ToolConfigurationError);
    });
  });
});
