import type { PostgresQueryable } from './PostgresQueryable.js';
import type { TableName } from './readTableName.js';

/**
 * Runs `schemaSql` under a transaction-scoped advisory lock named after the table, so that
 * processes starting together do not race to create it (`CREATE TABLE IF NOT EXISTS` alone can
 * fail on a concurrent create). One simple query: its statements run as one implicit
 * transaction, rolled back whole on an error, on any pool or client.
 */
export async function runMigration(pool: PostgresQueryable, table: TableName, schemaSql: string): Promise<void> {
  const lockName = `agentkit-tools-core:migrate:${table.given}`.replaceAll("'", "''");
  await pool.query(`SELECT pg_advisory_xact_lock(hashtext('${lockName}'));\n${schemaSql}`);
}
