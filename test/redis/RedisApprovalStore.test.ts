import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import {
  PermissionDecision,
  ToolConfigurationError,
  type ApprovalRequest,
  type PermissionChecker,
} from '../../src/index.js';
import { RedisApprovalStore, type RedisStoreClient } from '../../src/redis/index.js';
import { createToolRequest } from '../../src/testing/index.js';
import { buildApproval, itKeepsTheApprovalStoreContract, writeTool } from '../fixtures/approvalStoreContract.js';
import { createExecutor } from '../fixtures/createExecutor.js';
import { findTestServer, uniqueName } from '../fixtures/findTestServer.js';
import { findFreePort, startThrowawayRedis, type ThrowawayRedis } from './fixtures/startThrowawayRedis.js';

const REDIS_URL = await findTestServer('redis', 'RedisApprovalStore tests');
const describeWithRedis = REDIS_URL === undefined ? describe.skip : describe;
const ASK: PermissionChecker = { evaluate: () => PermissionDecision.requireApproval('needs a person') };
const HOUR = 60 * 60 * 1000;
const UNAVAILABLE = {
  status: 'failed',
  invoked: false,
  error: { code: 'unavailable', details: { reason: 'approval_store_unavailable' } },
};

function connectHostClient(url: string) {
  const client = createClient({ url, disableOfflineQueue: true, socket: { reconnectStrategy: () => 50 } });
  client.on('error', () => undefined);
  return client;
}

describeWithRedis(RedisApprovalStore.name, () => {
  const url = REDIS_URL ?? '';
  const client = connectHostClient(url);
  const prefixes: string[] = [];
  let keyPrefix: string;
  let store: RedisApprovalStore;

  beforeAll(async () => {
    await client.connect();
  });

  afterAll(async () => {
    for (const prefix of prefixes) {
      const keys = await client.keys(`${prefix}*`);
      if (keys.length > 0) await client.del(keys);
    }
    client.destroy();
  });

  beforeEach(() => {
    keyPrefix = `${uniqueName('agentkit_test')}:`;
    prefixes.push(keyPrefix);
    store = new RedisApprovalStore({ client, keyPrefix });
  });

  describe('the ApprovalStore contract', () => {
    itKeepsTheApprovalStoreContract(() => store);
  });

  describe('records', () => {
    it('keeps one hash per approval under its prefix, which Redis deletes an hour after the approval expires', async () => {
      const issued = buildApproval();
      await store.issue(issued);
      const key = `${keyPrefix}approval:${issued.id}`;
      expect(await client.type(key)).toBe('hash');
      const ttl = await client.pTTL(key);
      const expected = Date.parse(issued.expiresAt) + HOUR - Date.now();
      expect(ttl).toBeGreaterThan(expected - 60_000);
      expect(ttl).toBeLessThanOrEqual(expected + 1000);
      // Another prefix is another store.
      expect(await new RedisApprovalStore({ client, keyPrefix: `${keyPrefix}other:` }).get(issued.id)).toBeUndefined();
    });

    const damages: [string, (key: string, issued: ApprovalRequest) => Promise<unknown>][] = [
      ['a string instead of a hash', (key) => client.set(key, 'not a record')],
      ['a list instead of a hash', (key) => client.rPush(key, 'x')],
      [
        'a hash without the approval',
        (key, issued) => client.hSet(key, { expiresAt: String(Date.parse(issued.expiresAt)) }),
      ],
      ['a hash without the expiry', (key, issued) => client.hSet(key, { approval: JSON.stringify(issued) })],
      [
        'JSON that does not parse',
        (key, issued) => client.hSet(key, { approval: '{"id":', expiresAt: String(Date.parse(issued.expiresAt)) }),
      ],
      [
        'the JSON of another approval',
        (key, issued) =>
          client.hSet(key, {
            approval: JSON.stringify({ ...issued, id: 'other' }),
            expiresAt: String(Date.parse(issued.expiresAt)),
          }),
      ],
      [
        'an approval without its binding',
        (key, issued) =>
          client.hSet(key, {
            approval: JSON.stringify({ ...issued, binding: undefined }),
            expiresAt: String(Date.parse(issued.expiresAt)),
          }),
      ],
      [
        'an approval whose requests are not objects',
        (key, issued) =>
          client.hSet(key, {
            approval: JSON.stringify({ ...issued, requests: ['x'] }),
            expiresAt: String(Date.parse(issued.expiresAt)),
          }),
      ],
      [
        'an expired approval whose expiry field was pushed back',
        (key, issued) =>
          client.hSet(key, {
            approval: JSON.stringify({ ...issued, expiresAt: new Date(Date.now() - 60_000).toISOString() }),
            expiresAt: String(Date.now() + HOUR),
          }),
      ],
    ];

    it.each(damages)(
      'never honours a damaged record (%s): get is undefined, consume unknown',
      async (_label, damage) => {
        const issued = buildApproval();
        await damage(`${keyPrefix}approval:${issued.id}`, issued);
        expect(await store.get(issued.id)).toBeUndefined();
        expect(await store.consume(issued.id)).toBe('unknown');
        expect(await store.consume(issued.id)).toBe('unknown');
      },
    );

    it('runs nothing for a damaged record the executor is handed', async () => {
      const tool = writeTool();
      const executor = createExecutor([tool], { permissions: ASK, approvals: store });
      const request = createToolRequest('write', { path: 'a.txt' });
      const outcome = await executor.execute(request);
      if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required')
        throw new Error('expected an approval');
      const { approval } = outcome.interruption;
      await client.hSet(`${keyPrefix}approval:${approval.id}`, {
        approval: JSON.stringify({ ...approval, sessionId: 7 }),
      });
      expect(await executor.executeApproved(request, approval)).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { details: { reason: 'unknown_approval' } },
      });
      expect(tool.calls).toStrictEqual([]);
    });
  });

  describe('options and connections', () => {
    it('refuses options it cannot use', () => {
      expect(() => new RedisApprovalStore(undefined as never)).toThrow(ToolConfigurationError);
      expect(() => new RedisApprovalStore({ client: {} as RedisStoreClient })).toThrow(/needs `client`/);
      expect(() => new RedisApprovalStore({ client, keyPrefx: 'x' } as never)).toThrow(/unknown key "keyPrefx"/);
      expect(() => new RedisApprovalStore({ client, keyPrefix: 3 as never })).toThrow(/keyPrefix must be a string/);
    });

    it('leaves a client the host passed in open when closed', async () => {
      await store.close();
      expect(await client.ping()).toBe('PONG');
    });

    it('connects a client of its own, and closes it', async () => {
      const owned = await RedisApprovalStore.connect(url, { keyPrefix });
      const issued = buildApproval();
      await owned.issue(issued);
      expect(await store.consume(issued.id)).toBe('consumed');
      expect(await owned.consume(issued.id)).toBe('already_used');
      await owned.close();
      await owned.close();
      await expect(owned.get(issued.id)).rejects.toThrow(/^RedisApprovalStore could not read an approval/);
    });

    it('fails to connect at once, naming no password, when nothing listens', async () => {
      const port = await findFreePort();
      const started = Date.now();
      const failure = RedisApprovalStore.connect(`redis://user:s3cret@127.0.0.1:${port}`);
      await expect(failure).rejects.toThrow(
        `RedisApprovalStore could not connect to redis://user:***@127.0.0.1:${port} (ECONNREFUSED).`,
      );
      expect(Date.now() - started).toBeLessThan(5000);
      await expect(RedisApprovalStore.connect('http://127.0.0.1:6379')).rejects.toThrow(ToolConfigurationError);
      await expect(RedisApprovalStore.connect(url, { keyprefix: 'x' } as never)).rejects.toThrow(
        /unknown key "keyprefix"/,
      );
    });
  });
});

describeWithRedis(`${RedisApprovalStore.name} with its Redis stopped mid-run`, () => {
  let dir: string;
  let redis: ThrowawayRedis | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'agentkit-redis-'));
  });

  afterAll(async () => {
    // Only a failed test leaves its server running; it is ours.
    await redis?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('ends calls unavailable while Redis is down, runs nothing, and runs the approval once after a restart', async () => {
    const port = await findFreePort();
    redis = await startThrowawayRedis(port, dir);
    const own = connectHostClient(redis.url);
    await own.connect();
    let onCommand: () => void = () => undefined;
    // The real client, watched: the test learns when the store has sent a command.
    const watched: RedisStoreClient = {
      sendCommand: (args) => {
        onCommand();
        return own.sendCommand([...args]);
      },
    };
    try {
      const tool = writeTool();
      const executor = createExecutor([tool], {
        permissions: ASK,
        approvals: new RedisApprovalStore({ client: watched }),
      });
      const request = createToolRequest('write', { path: 'a.txt' });
      const outcome = await executor.execute(request);
      if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required')
        throw new Error('expected an approval');
      const { approval } = outcome.interruption;
      // Written to dump.rdb, which the restarted server loads (as a Redis with persistence would).
      await own.sendCommand(['SAVE']);

      // Redis freezes with the resume's first command in flight, then dies: the command fails.
      redis.process.kill('SIGSTOP');
      const sent = new Promise<void>((resolve) => (onCommand = resolve));
      const inFlight = executor.executeApproved(request, approval);
      await sent;
      await redis.kill();
      const failed = await inFlight;
      expect(failed).toMatchObject(UNAVAILABLE);
      expect(failed.status === 'failed' && failed.error.message).toContain(
        'RedisApprovalStore could not read an approval',
      );

      // While it is down: resuming and new calls fail closed at once.
      expect(await executor.executeApproved(request, approval)).toMatchObject(UNAVAILABLE);
      expect(await executor.execute(request)).toMatchObject({
        ...UNAVAILABLE,
        error: { ...UNAVAILABLE.error, details: { ...UNAVAILABLE.error.details, storeAction: 'issue' } },
      });
      expect(tool.calls).toStrictEqual([]);

      // Restarted: the client reconnects, and the approval, never consumed, runs once.
      // (events.once would reject on the 'error' events of the reconnection attempts.)
      const ready = new Promise<void>((resolve) => {
        own.once('ready', () => {
          resolve();
        });
      });
      redis = await startThrowawayRedis(port, dir);
      await ready;
      expect(await executor.executeApproved(request, approval)).toMatchObject({ status: 'completed' });
      expect(await executor.executeApproved(request, approval)).toMatchObject({
        status: 'failed',
        error: { details: { reason: 'already_used' } },
      });
      expect(tool.calls).toHaveLength(1);
    } finally {
      own.destroy();
      await redis.kill();
    }
  }, 60_000);
});
