/** Options of `PostgresApprovalStore.connect` and `PostgresCredentialStore.connect`. */
export interface PostgresConnectOptions {
  /** The table (optionally `schema.table`): see the store's own `table` option. */
  readonly table?: string;
  /** How long opening a connection may take, in milliseconds. Default: 5000. */
  readonly connectTimeoutMs?: number;
  /** The most connections the store's pool opens. Default: 4. */
  readonly maxConnections?: number;
}
