import { ToolConfigurationError } from '../index.js';
import { assertKnownKeys } from '../internal/index.js';
import type { PostgresQueryable } from './PostgresQueryable.js';
import { readTableName, type TableName } from './readTableName.js';

/** What both PostgreSQL stores are built on, checked. */
export interface PostgresStoreSettings {
  readonly pool: PostgresQueryable;
  readonly table: TableName;
}

/**
 * The options of a PostgreSQL store (`{ pool, table? }`), checked when the store is built: an
 * object with no other keys, a `pg` Pool, and a table name (see `readTableName`; `defaultTable`
 * when not given). Mistakes throw `ToolConfigurationError`s naming `subject`.
 */
export function readPostgresStoreOptions(
  subject: string,
  options: { readonly pool: PostgresQueryable; readonly table?: string },
  defaultTable: string,
): PostgresStoreSettings {
  if (typeof options !== 'object' || (options as unknown) === null)
    throw new ToolConfigurationError(`${subject} needs options: { pool, table? }.`);
  assertKnownKeys(options, ['pool', 'table'], `${subject}(options)`);
  if (typeof (options.pool as Partial<PostgresQueryable> | undefined)?.query !== 'function') {
    throw new ToolConfigurationError(
      `${subject} needs \`pool\`: a Pool of the \`pg\` package (new Pool({ connectionString })).`,
    );
  }
  return { pool: options.pool, table: readTableName(subject, options.table, defaultTable) };
}
