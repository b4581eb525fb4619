import { type ApprovalConsumeResult, type ApprovalRequest, type ApprovalStore } from '../index.js';
import { assertKnownKeys } from '../internal/index.js';
import { buildStoreFault, isApprovalRecord } from '../kernel/index.js';
import { connectPostgresPool } from './connectPostgresPool.js';
import type { PostgresApprovalStoreOptions } from './PostgresApprovalStoreOptions.js';
import type { PostgresConnectOptions } from './PostgresConnectOptions.js';
import type { PostgresQueryable } from './PostgresQueryable.js';
import { readTableName, type TableName } from './readTableName.js';
import { readPostgresStoreOptions } from './readPostgresStoreOptions.js';
import { runMigration } from './runMigration.js';

const SUBJECT = 'PostgresApprovalStore';
const DEFAULT_TABLE = 'agentkit_approvals';
const PRUNE_EVERY = 256;

interface ApprovalRow {
  readonly approval: unknown;
  readonly expires_at: unknown;
  readonly used: unknown;
}

/**
 * An {@link ApprovalStore} in a PostgreSQL table, for approvals resumed by any of several
 * processes or machines. One row per approval; `consume` is one
 * `UPDATE ... SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at >= now() RETURNING`,
 * so of processes racing to consume the same approval exactly one gets the row (the others wait
 * for its lock, then see it used) and the answer `consumed`. Expiry is enforced by the store too,
 * by the database server's clock. A row the store did not write (JSON that is not this approval,
 * an expiry that disagrees with it) is never honoured: `get` answers `undefined` and `consume`
 * `unknown`. A query that fails (server down, table missing) throws, and the executor then runs
 * nothing: the call ends `unavailable`.
 *
 * The table is created by {@link PostgresApprovalStore.migrate}, or by the SQL of
 * {@link PostgresApprovalStore.schemaSql} in the host's own migrations:
 * ```sql
 * CREATE TABLE IF NOT EXISTS "agentkit_approvals" (
 *   id text PRIMARY KEY,
 *   approval jsonb NOT NULL,
 *   expires_at timestamptz NOT NULL,
 *   used_at timestamptz
 * );
 * CREATE INDEX IF NOT EXISTS "agentkit_approvals_expires_at_idx" ON "agentkit_approvals" (expires_at);
 * ```
 */
export class PostgresApprovalStore implements ApprovalStore {
  readonly #pool: PostgresQueryable;
  readonly #table: TableName;
  #close: () => Promise<void>;
  #issuedSincePrune = 0;

  public constructor(options: PostgresApprovalStoreOptions) {
    const settings = readPostgresStoreOptions(SUBJECT, options, DEFAULT_TABLE);
    this.#pool = settings.pool;
    this.#table = settings.table;
    this.#close = () => Promise.resolve();
  }

  /**
   * A store on a pool it creates and owns (ended by {@link PostgresApprovalStore.close}). Throws
   * when the server cannot be reached, or `pg` is not installed. Call `migrate()` before use
   * unless the table exists.
   */
  public static async connect(url: string, options: PostgresConnectOptions = {}): Promise<PostgresApprovalStore> {
    assertKnownKeys(options, ['table', 'connectTimeoutMs', 'maxConnections'], `${SUBJECT}.connect(url, options)`);
    const owned = await connectPostgresPool(SUBJECT, url, options.connectTimeoutMs, options.maxConnections);
    try {
      const store = new PostgresApprovalStore({
        pool: owned.pool,
        ...(options.table === undefined ? {} : { table: options.table }),
      });
      store.#close = owned.close;
      return store;
    } catch (thrown) {
      await owned.close();
      throw thrown;
    }
  }

  /** The SQL that creates the store's table (`table` as in the options), for a host's own migrations. */
  public static schemaSql(table: string = DEFAULT_TABLE): string {
    const { quoted, name } = readTableName(SUBJECT, table, DEFAULT_TABLE);
    return [
      `CREATE TABLE IF NOT EXISTS ${quoted} (id text PRIMARY KEY, approval jsonb NOT NULL, expires_at timestamptz NOT NULL, used_at timestamptz);`,
      `CREATE INDEX IF NOT EXISTS "${name}_expires_at_idx" ON ${quoted} (expires_at);`,
    ].join('\n');
  }

  /** Creates the table if it is missing; safe to run from several processes at once. */
  public async migrate(): Promise<void> {
    await this.#run('create its table', () =>
      runMigration(this.#pool, this.#table, PostgresApprovalStore.schemaSql(this.#table.given)),
    );
  }

  /** Records an approval the executor just issued. */
  public async issue(approval: ApprovalRequest): Promise<void> {
    const { id, expiresAt } = approval;
    if (
      typeof id !== 'string' ||
      id === '' ||
      typeof expiresAt !== 'string' ||
      !Number.isFinite(Date.parse(expiresAt))
    ) {
      throw new TypeError(`${SUBJECT}.issue needs an approval with a string id and an ISO 8601 expiresAt.`);
    }
    const sql = `INSERT INTO ${this.#table.quoted} (id, approval, expires_at) VALUES ($1, $2::jsonb, $3) ON CONFLICT (id) DO NOTHING`;
    const result = await this.#run('record an approval', () =>
      this.#pool.query(sql, [id, JSON.stringify(approval), new Date(Date.parse(expiresAt)).toISOString()]),
    );
    if ((result as { rowCount?: unknown }).rowCount === 0)
      throw new Error(`${SUBJECT} already holds an approval with id ${JSON.stringify(id)}; an id is issued once.`);
    if (++this.#issuedSincePrune >= PRUNE_EVERY) {
      this.#issuedSincePrune = 0;
      // Housekeeping: the approval is recorded; a failed prune is tried again later.
      this.prune().catch(() => undefined);
    }
  }

  /** The issued approval with this id, used or not, or `undefined`. */
  public async get(id: string): Promise<ApprovalRequest | undefined> {
    if (typeof id !== 'string' || id === '') return undefined;
    const sql = `SELECT approval, expires_at, used_at IS NOT NULL AS used FROM ${this.#table.quoted} WHERE id = $1`;
    const { rows } = await this.#run('read an approval', () => this.#pool.query(sql, [id]));
    return readRow(rows[0], id);
  }

  /** Marks the approval used; atomic across processes: exactly one caller gets `consumed`. */
  public async consume(id: string): Promise<ApprovalConsumeResult> {
    if (typeof id !== 'string' || id === '') return 'unknown';
    const update = `UPDATE ${this.#table.quoted} SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at >= now() RETURNING approval, expires_at, true AS used`;
    const updated = await this.#run('consume an approval', () => this.#pool.query(update, [id]));
    // A damaged row is never reported consumed or used: it was not an approval of ours.
    if (updated.rows.length > 0) return readRow(updated.rows[0], id) === undefined ? 'unknown' : 'consumed';
    // Not consumed now: used before (a racing process may have just taken it), expired, or never issued.
    // A new statement, so that it sees what the winner of a race committed.
    const select = `SELECT approval, expires_at, used_at IS NOT NULL AS used FROM ${this.#table.quoted} WHERE id = $1`;
    const { rows } = await this.#run('consume an approval', () => this.#pool.query(select, [id]));
    const row = rows[0] as ApprovalRow | undefined;
    return row?.used === true && readRow(row, id) !== undefined ? 'already_used' : 'unknown';
  }

  /** Deletes approvals that expired more than an hour ago (used or not); runs on its own every 256 issues. Returns how many. */
  public async prune(): Promise<number> {
    const sql = `DELETE FROM ${this.#table.quoted} WHERE expires_at < now() - interval '1 hour'`;
    const result = await this.#run('prune expired approvals', () => this.#pool.query(sql));
    const count = (result as { rowCount?: unknown }).rowCount;
    return typeof count === 'number' ? count : 0;
  }

  /** Ends the pool if the store made it ({@link PostgresApprovalStore.connect}); a pool the host passed in stays open. */
  public close(): Promise<void> {
    return this.#close();
  }

  async #run<T>(action: string, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (thrown) {
      throw buildStoreFault(SUBJECT, action, thrown);
    }
  }
}

/** The approval in a row, if it is whole and agrees with the row's expiry. */
function readRow(value: unknown, id: string): ApprovalRequest | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { approval, expires_at: expiresAt } = value as ApprovalRow;
  if (!isApprovalRecord(approval, id) || !(expiresAt instanceof Date)) return undefined;
  const record = approval as ApprovalRequest;
  return Date.parse(record.expiresAt) === expiresAt.getTime() ? record : undefined;
}
