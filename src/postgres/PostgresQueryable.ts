/**
 * What the PostgreSQL stores need: a `pg` Pool (`new Pool({ connectionString })`) or a
 * connected `pg` Client fits. Only `query` is used, so the stores name no type of the driver and
 * load without it. A Pool is the usual choice: a Client runs one query at a time.
 */
export interface PostgresQueryable {
  /** Runs one parameterized statement (`$1`, `$2`, ... bound to `values`) and resolves to its rows. */
  query(text: string, values?: unknown[]): Promise<{ readonly rows: readonly unknown[] }>;
}
