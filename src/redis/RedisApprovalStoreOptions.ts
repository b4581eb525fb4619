import type { RedisStoreClient } from './RedisStoreClient.js';

/** Options of {@link RedisApprovalStore}. */
export interface RedisApprovalStoreOptions {
  /**
   * A connected client the host made and owns (the store never closes it). Create it with
   * `disableOfflineQueue: true` so that a command sent while Redis is down fails at once
   * instead of waiting for a reconnection (the call would then end `interrupted` at its timeout
   * rather than `unavailable`).
   */
  readonly client: RedisStoreClient;
  /** Prefix of every key the store writes (`<prefix>approval:<id>`). Default: `agentkit:`. */
  readonly keyPrefix?: string;
}
