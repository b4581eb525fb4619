import { createHash } from 'node:crypto';
import type { RedisStoreClient } from './RedisStoreClient.js';

/** A Lua script and its SHA-1, the name Redis caches it under. */
export interface RedisScript {
  readonly source: string;
  readonly sha: string;
}

/** Names `source` for {@link runRedisScript}. */
export function defineRedisScript(source: string): RedisScript {
  return { source, sha: createHash('sha1').update(source, 'utf8').digest('hex') };
}

/**
 * Runs `script` on one key: `EVALSHA`, and `EVAL` when the server does not hold the script yet
 * (a restart or `SCRIPT FLUSH` forgets them). A script runs atomically: no other command runs
 * on the server in between, which is what makes `consume` single use across processes.
 */
export async function runRedisScript(
  client: RedisStoreClient,
  script: RedisScript,
  key: string,
  args: readonly string[],
): Promise<unknown> {
  try {
    return await client.sendCommand(['EVALSHA', script.sha, '1', key, ...args]);
  } catch (thrown) {
    if (!(thrown instanceof Error && thrown.message.startsWith('NOSCRIPT'))) throw thrown;
    return client.sendCommand(['EVAL', script.source, '1', key, ...args]);
  }
}
