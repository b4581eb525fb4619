import type { PostgresQueryable } from './PostgresQueryable.js';

/** Options of {@link PostgresCredentialStore}. */
export interface PostgresCredentialStoreOptions {
  /** A `pg` Pool the host made and owns (the store never ends it). */
  readonly pool: PostgresQueryable;
  /**
   * The table, optionally schema-qualified (`schema.table`). Default: `agentkit_credentials`.
   * Create it with `migrate()` or the SQL of `PostgresCredentialStore.schemaSql(table)`.
   */
  readonly table?: string;
}
