import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createClient } from 'redis';
import { ToolConfigurationError } from '../../src/index.js';
import { RedisCredentialStore } from '../../src/redis/index.js';
import { itKeepsTheCredentialStoreContract } from '../fixtures/credentialStoreContract.js';
import { findTestServer, uniqueName } from '../fixtures/findTestServer.js';

const REDIS_URL = await findTestServer('redis', 'RedisCredentialStore tests');
const describeWithRedis = REDIS_URL === undefined ? describe.skip : describe;

describeWithRedis(RedisCredentialStore.name, () => {
  const url = REDIS_URL ?? '';
  const client = createClient({ url, disableOfflineQueue: true });
  client.on('error', () => undefined);
  const prefixes: string[] = [];
  let keyPrefix: string;
  let store: RedisCredentialStore;

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
    store = new RedisCredentialStore({ client, keyPrefix });
  });

  itKeepsTheCredentialStoreContract(() => store);

  it('is shared by every store on the same server and prefix, and by no other prefix', async () => {
    const owned = await RedisCredentialStore.connect(url, { keyPrefix });
    try {
      await store.set('mcp:github', { bearerToken: 'shared' });
      expect(await owned.get('mcp:github')).toStrictEqual({ bearerToken: 'shared' });
      expect(await new RedisCredentialStore({ client, keyPrefix: `${keyPrefix}x:` }).get('mcp:github')).toBeUndefined();
      expect(JSON.parse((await client.get(`${keyPrefix}credentials:mcp:github`)) ?? '')).toStrictEqual({
        provider: 'mcp:github',
        credentials: { bearerToken: 'shared' },
      });
    } finally {
      await owned.close();
    }
    expect(await client.ping()).toBe('PONG');
  });

  it.each<[string, (key: string) => Promise<unknown>]>([
    ['a hash instead of a string', (key) => client.hSet(key, { a: 'b' })],
    ['JSON that does not parse', (key) => client.set(key, '{"provider":')],
    [
      "another provider's entry",
      (key) => client.set(key, JSON.stringify({ provider: 'other', credentials: { bearerToken: 't' } })),
    ],
    [
      'credentials of the wrong shape',
      (key) => client.set(key, JSON.stringify({ provider: 'mcp:github', credentials: { bearerToken: 1 } })),
    ],
  ])('never uses a damaged value (%s), and the next set replaces it', async (_label, damage) => {
    await damage(`${keyPrefix}credentials:mcp:github`);
    expect(await store.get('mcp:github')).toBeUndefined();
    if ((await client.type(`${keyPrefix}credentials:mcp:github`)) !== 'string')
      await client.del(`${keyPrefix}credentials:mcp:github`);
    await store.set('mcp:github', { bearerToken: 'new' });
    expect(await store.get('mcp:github')).toStrictEqual({ bearerToken: 'new' });
  });

  it('throws an error that names the step, never a credential, when Redis fails', async () => {
    const failing = new RedisCredentialStore({
      client: {
        sendCommand: () =>
          Promise.reject(Object.assign(new Error('connect ECONNREFUSED token-1'), { code: 'ECONNREFUSED' })),
      },
    });
    await expect(failing.set('mcp:github', { bearerToken: 'token-1' })).rejects.toThrow(
      'RedisCredentialStore could not write the credentials of provider "mcp:github" (ECONNREFUSED).',
    );
    expect(() => new RedisCredentialStore({ client, prefix: 'x' } as never)).toThrow(ToolConfigurationError);
  });
});
