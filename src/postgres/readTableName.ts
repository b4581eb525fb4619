import { ToolConfigurationError } from '../index.js';

/** A table name checked and quoted for SQL, and a name for what is created with it. */
export interface TableName {
  /** `"schema"."table"` or `"table"`: safe to put in SQL text. */
  readonly quoted: string;
  /** The unqualified name, for index names (`<name>_expires_at_idx`). */
  readonly name: string;
  /** The name as given, for messages and the migration lock. */
  readonly given: string;
}

const PART = '[A-Za-z_][A-Za-z0-9_]{0,62}';
const TABLE = new RegExp(`^(?:(${PART})\\.)?(${PART})$`);

/**
 * The `table` option: `table` or `schema.table`, each part letters, digits and `_` (not starting
 * with a digit, at most 63 characters, PostgreSQL's limit). Table names go into SQL text (they
 * cannot be parameters), so nothing else is accepted.
 */
export function readTableName(subject: string, table: unknown, fallback: string): TableName {
  const given = table ?? fallback;
  const match = typeof given === 'string' ? TABLE.exec(given) : null;
  if (match === null) {
    throw new ToolConfigurationError(
      `${subject}: table must be a name like "agentkit_approvals" or "schema.table" (letters, digits and _, not starting with a digit).`,
    );
  }
  const [, schema, name] = match as unknown as [string, string | undefined, string];
  return { quoted: schema === undefined ? `"${name}"` : `"${schema}"."${name}"`, name, given: given as string };
}
