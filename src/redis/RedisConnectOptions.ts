/** Options of `RedisApprovalStore.connect` and `RedisCredentialStore.connect`. */
export interface RedisConnectOptions {
  /** Prefix of every key the store writes. Default: `agentkit:`. */
  readonly keyPrefix?: string;
  /** How long the first connection may take, in milliseconds. Default: 5000. */
  readonly connectTimeoutMs?: number;
}
