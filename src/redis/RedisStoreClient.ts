/**
 * What the Redis stores need of a client: a connected client of the `redis` package (node-redis
 * v5 or v6, `createClient({ url })`, then `await client.connect()`) fits. Only the generic
 * `sendCommand` is used, so the stores name no type of the driver and load without it. A
 * standalone (or Sentinel) client; a cluster client's `sendCommand` takes other arguments.
 */
export interface RedisStoreClient {
  /** Runs one command (`['GET', key]`) and resolves to its reply. */
  sendCommand(args: readonly string[]): Promise<unknown>;
}
