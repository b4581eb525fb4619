import { ToolConfigurationError } from '../index.js';
import { buildStoreFault, redactUrl } from '../kernel/index.js';
import type * as RedisDriver from 'redis';
import type { RedisStoreClient } from './RedisStoreClient.js';

/** A client a store made for itself, with the way to close it. */
export interface OwnedRedisClient {
  readonly client: RedisStoreClient;
  readonly close: () => Promise<void>;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
const MAX_RECONNECT_DELAY_MS = 2000;

/**
 * Connects a client of the `redis` package (loaded here, on first use, so that the entry works
 * without it installed) for a store that owns it. Commands sent while the connection is down
 * fail at once (no offline queue): a store that cannot be reached must fail closed, not wait.
 * After the first connection the client reconnects by itself; the first one either succeeds
 * within `connectTimeoutMs` or throws.
 */
export async function connectRedisClient(
  subject: string,
  url: unknown,
  connectTimeoutMs = DEFAULT_CONNECT_TIMEOUT_MS,
): Promise<OwnedRedisClient> {
  if (typeof url !== 'string' || !/^rediss?:\/\//i.test(url)) {
    throw new ToolConfigurationError(`${subject}.connect needs a redis:// or rediss:// URL.`);
  }
  if (!(Number.isInteger(connectTimeoutMs) && connectTimeoutMs > 0)) {
    throw new ToolConfigurationError(
      `${subject}.connect: connectTimeoutMs must be a positive whole number of milliseconds.`,
    );
  }
  let driver: typeof RedisDriver;
  try {
    driver = await import('redis');
  } catch (thrown) {
    throw new ToolConfigurationError(
      `${subject}.connect needs the \`redis\` package (node-redis v5 or v6), an optional peer dependency: npm install redis.`,
      { cause: thrown },
    );
  }
  let connected = false;
  const client = driver.createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: connectTimeoutMs,
      // The first connection fails fast (false: connect() rejects with the cause); later ones
      // are retried with a bounded back-off.
      reconnectStrategy: (retries: number) => (connected ? Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS) : false),
    },
  });
  // Failures reach the store through its commands; an unhandled 'error' event would end the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (thrown) {
    if (client.isOpen) client.destroy();
    throw buildStoreFault(subject, `connect to ${redactUrl(url, 'the Redis URL given')}`, thrown);
  }
  connected = true;
  return {
    client: { sendCommand: (args) => client.sendCommand([...args]) },
    close: async () => {
      if (!client.isOpen) return;
      // A connection that is down would hold a graceful close until it came back.
      if (!client.isReady) {
        client.destroy();
        return;
      }
      try {
        await client.close();
      } catch {
        client.destroy();
      }
    },
  };
}
