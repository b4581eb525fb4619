import { type Credentials, type CredentialStore } from '../index.js';
import { assertKnownKeys } from '../internal/index.js';
import { buildStoreFault, copyCredentials, isCredentials } from '../kernel/index.js';
import { connectPostgresPool } from './connectPostgresPool.js';
import type { PostgresConnectOptions } from './PostgresConnectOptions.js';
import type { PostgresCredentialStoreOptions } from './PostgresCredentialStoreOptions.js';
import type { PostgresQueryable } from './PostgresQueryable.js';
import { readTableName, type TableName } from './readTableName.js';
import { readPostgresStoreOptions } from './readPostgresStoreOptions.js';
import { runMigration } from './runMigration.js';

const SUBJECT = 'PostgresCredentialStore';
const DEFAULT_TABLE = 'agentkit_credentials';

/**
 * A {@link CredentialStore} in a PostgreSQL table, so that credentials a host obtained (for
 * example after an MCP server's OAuth flow) are seen by every process that shares the database.
 * One row per provider, the credentials as given (protect the database as you would the
 * secrets). A row whose credentials are not `{ bearerToken?, headers? }` is never used: `get`
 * answers `undefined`, and the next `set` replaces it. Errors say what failed, never a
 * credential.
 *
 * The table is created by {@link PostgresCredentialStore.migrate}, or by the SQL of
 * {@link PostgresCredentialStore.schemaSql}:
 * ```sql
 * CREATE TABLE IF NOT EXISTS "agentkit_credentials" (
 *   provider text PRIMARY KEY,
 *   credentials jsonb NOT NULL,
 *   updated_at timestamptz NOT NULL DEFAULT now()
 * );
 * ```
 */
export class PostgresCredentialStore implements CredentialStore {
  readonly #pool: PostgresQueryable;
  readonly #table: TableName;
  #close: () => Promise<void>;

  public constructor(options: PostgresCredentialStoreOptions) {
    const settings = readPostgresStoreOptions(SUBJECT, options, DEFAULT_TABLE);
    this.#pool = settings.pool;
    this.#table = settings.table;
    this.#close = () => Promise.resolve();
  }

  /** A store on a pool it creates and owns (ended by {@link PostgresCredentialStore.close}). Call `migrate()` before use unless the table exists. */
  public static async connect(url: string, options: PostgresConnectOptions = {}): Promise<PostgresCredentialStore> {
    assertKnownKeys(options, ['table', 'connectTimeoutMs', 'maxConnections'], `${SUBJECT}.connect(url, options)`);
    const owned = await connectPostgresPool(SUBJECT, url, options.connectTimeoutMs, options.maxConnections);
    try {
      const store = new PostgresCredentialStore({
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

  /** The SQL that creates the store's table, for a host's own migrations. */
  public static schemaSql(table: string = DEFAULT_TABLE): string {
    const { quoted } = readTableName(SUBJECT, table, DEFAULT_TABLE);
    return `CREATE TABLE IF NOT EXISTS ${quoted} (provider text PRIMARY KEY, credentials jsonb NOT NULL, updated_at timestamptz NOT NULL DEFAULT now());`;
  }

  /** Creates the table if it is missing; safe to run from several processes at once. */
  public async migrate(): Promise<void> {
    await this.#run('create its table', () =>
      runMigration(this.#pool, this.#table, PostgresCredentialStore.schemaSql(this.#table.given)),
    );
  }

  /** The credentials stored for `provider` (`mcp:<server id>` for MCP servers), or `undefined`. */
  public async get(provider: string): Promise<Credentials | undefined> {
    checkProvider(provider);
    const sql = `SELECT credentials FROM ${this.#table.quoted} WHERE provider = $1`;
    const { rows } = await this.#run(`read the credentials of provider ${JSON.stringify(provider)}`, () =>
      this.#pool.query(sql, [provider]),
    );
    const credentials = (rows[0] as { credentials?: unknown } | undefined)?.credentials;
    return isCredentials(credentials) ? credentials : undefined;
  }

  /** Stores (replaces) the credentials of `provider`. */
  public async set(provider: string, credentials: Credentials): Promise<void> {
    checkProvider(provider);
    const copy = copyCredentials(SUBJECT, credentials);
    const sql = `INSERT INTO ${this.#table.quoted} (provider, credentials) VALUES ($1, $2::jsonb) ON CONFLICT (provider) DO UPDATE SET credentials = EXCLUDED.credentials, updated_at = now()`;
    await this.#run(`write the credentials of provider ${JSON.stringify(provider)}`, () =>
      this.#pool.query(sql, [provider, JSON.stringify(copy)]),
    );
  }

  /** Forgets the credentials of `provider`. */
  public async delete(provider: string): Promise<void> {
    checkProvider(provider);
    const sql = `DELETE FROM ${this.#table.quoted} WHERE provider = $1`;
    await this.#run(`delete the credentials of provider ${JSON.stringify(provider)}`, () =>
      this.#pool.query(sql, [provider]),
    );
  }

  /** Ends the pool if the store made it ({@link PostgresCredentialStore.connect}); a pool the host passed in stays open. */
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

function checkProvider(provider: unknown): void {
  if (typeof provider !== 'string' || provider === '')
    throw new TypeError(`${SUBJECT}: a provider is a non-empty string.`);
}
