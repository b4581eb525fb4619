import { ToolConfigurationError } from '../index.js';

/** The default prefix of the keys the Redis stores write. */
export const DEFAULT_KEY_PREFIX = 'agentkit:';

/** The `keyPrefix` option, checked: a string (empty means none), `agentkit:` when not given. */
export function readKeyPrefix(subject: string, keyPrefix: unknown): string {
  if (keyPrefix === undefined) return DEFAULT_KEY_PREFIX;
  if (typeof keyPrefix !== 'string') throw new ToolConfigurationError(`${subject}: keyPrefix must be a string.`);
  return keyPrefix;
}
