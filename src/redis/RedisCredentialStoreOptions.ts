import type { RedisStoreClient } from './RedisStoreClient.js';

/** Options of {@link RedisCredentialStore}. */
export interface RedisCredentialStoreOptions {
  /** A connected client the host made and owns (the store never closes it). */
  readonly client: RedisStoreClient;
  /** Prefix of every key the store writes (`<prefix>credentials:<provider>`). Default: `agentkit:`. */
  readonly keyPrefix?: string;
}
