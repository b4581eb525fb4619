import type { PostgresQueryable } from './PostgresQueryable.js';

/** Options of {@link PostgresApprovalStore}. */
export interface PostgresApprovalStoreOptions {
  /** A `pg` Pool the host made and owns (the store never ends it). */
  readonly pool: PostgresQueryable;
  /**
   * The table, optionally schema-qualified (`schema.table`); letters, digits and `_`, not
   * starting with a digit. Default: `agentkit_approvals`. Create it with `migrate()` or the SQL
   * of `PostgresApprovalStore.schemaSql(table)`.
   */
  readonly table?: string;
}
