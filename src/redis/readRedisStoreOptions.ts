import { ToolConfigurationError } from '../index.js';
import { assertKnownKeys } from '../internal/index.js';
import type { RedisStoreClient } from './RedisStoreClient.js';

/** The default prefix of the keys the Redis stores write. */
export const DEFAULT_KEY_PREFIX = 'agentkit:';

/** What both Redis stores are built on, checked. */
export interface RedisStoreSettings {
  readonly client: RedisStoreClient;
  readonly keyPrefix: string;
}

/**
 * The options of a Redis store (`{ client, keyPrefix? }`), checked when the store is built:
 * an object with no other keys, a client of the `redis` package, and a string `keyPrefix`
 * (empty means none; `agentkit:` when not given). Mistakes throw `ToolConfigurationError`s
 * naming `subject`.
 */
export function readRedisStoreOptions(
  subject: string,
  options: { readonly client: RedisStoreClient; readonly keyPrefix?: string },
): RedisStoreSettings {
  if (typeof options !== 'object' || (options as unknown) === null)
    throw new ToolConfigurationError(`${subject} needs options: { client, keyPrefix? }.`);
  assertKnownKeys(options, ['client', 'keyPrefix'], `${subject}(options)`);
  if (typeof (options.client as Partial<RedisStoreClient> | undefined)?.sendCommand !== 'function') {
    throw new ToolConfigurationError(
      `${subject} needs \`client\`: a connected client of the \`redis\` package (createClient({ url }), then connect()).`,
    );
  }
  const keyPrefix: unknown = options.keyPrefix;
  if (keyPrefix !== undefined && typeof keyPrefix !== 'string')
    throw new ToolConfigurationError(`${subject}: keyPrefix must be a string.`);
  return { client: options.client, keyPrefix: keyPrefix ?? DEFAULT_KEY_PREFIX };
}
