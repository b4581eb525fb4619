import { ToolConfigurationError } from '../index.js';
import { buildStoreFault, redactUrl } from '../kernel/index.js';
import type PostgresDriver from 'pg';
import type { PostgresQueryable } from './PostgresQueryable.js';

/** A pool a store made for itself, with the way to end it. */
export interface OwnedPostgresPool {
  readonly pool: PostgresQueryable;
  readonly close: () => Promise<void>;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
const DEFAULT_MAX_CONNECTIONS = 4;

/**
 * Opens a `pg` Pool (the driver is loaded here, on first use, so that the entry works without it
 * installed) for a store that owns it, and checks that the server answers: a wrong URL or a
 * server that is down fails here, at start-up, not at the first call.
 */
export async function connectPostgresPool(
  subject: string,
  url: unknown,
  connectTimeoutMs = DEFAULT_CONNECT_TIMEOUT_MS,
  maxConnections = DEFAULT_MAX_CONNECTIONS,
): Promise<OwnedPostgresPool> {
  if (typeof url !== 'string' || !/^postgres(?:ql)?:\/\//i.test(url)) {
    throw new ToolConfigurationError(`${subject}.connect needs a postgres:// or postgresql:// URL.`);
  }
  if (!(Number.isInteger(connectTimeoutMs) && connectTimeoutMs > 0)) {
    throw new ToolConfigurationError(
      `${subject}.connect: connectTimeoutMs must be a positive whole number of milliseconds.`,
    );
  }
  if (!(Number.isInteger(maxConnections) && maxConnections > 0)) {
    throw new ToolConfigurationError(`${subject}.connect: maxConnections must be a positive whole number.`);
  }
  let Pool: typeof PostgresDriver.Pool;
  try {
    ({ Pool } = (await import('pg')).default);
  } catch (thrown) {
    throw new ToolConfigurationError(
      `${subject}.connect needs the \`pg\` package, an optional peer dependency: npm install pg.`,
      { cause: thrown },
    );
  }
  const pool = new Pool({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs, max: maxConnections });
  // A connection that drops while idle is reported here; the next query opens another one. An
  // unhandled 'error' event would end the process.
  pool.on('error', () => undefined);
  try {
    await pool.query('SELECT 1');
  } catch (thrown) {
    await pool.end().catch(() => undefined);
    throw buildStoreFault(subject, `connect to ${redactUrl(url, 'the PostgreSQL URL given')}`, thrown);
  }
  return { pool, close: () => (pool.ended || pool.ending ? Promise.resolve() : pool.end()) };
}
