import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ToolConfigurationError, type ApprovalStore } from '../index.js';
import { FileApprovalStore } from '../stores/index.js';

/** An approval store opened from a URL, and how to release what it holds (connections). */
export interface OpenedApprovalStore {
  readonly store: ApprovalStore;
  /** Closes the connection the store opened; a file store holds none. */
  close(): Promise<void>;
}

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const WINDOWS_DRIVE = /^[A-Za-z]:[\\/]/;
const SUPPORTED = 'redis://, rediss://, postgres://, postgresql://, a file: URL or a directory path';

/**
 * The approval store the bin's `--approval-store <url>` names, so that several processes
 * (replicas of `serve`) honour each approval once between them:
 * - `redis://` or `rediss://`: a {@link RedisApprovalStore} on a client it owns;
 * - `postgres://` or `postgresql://`: a {@link PostgresApprovalStore} on a pool it owns, its
 *   table created if missing (`migrate()`);
 * - a `file:` URL or a directory path: a {@link FileApprovalStore} (processes on this machine).
 *
 * The Redis and PostgreSQL stores are loaded only when named, so the bin runs without their
 * drivers (`redis`, `pg`: optional peer dependencies) unless asked for them. Anything else, or a
 * server that cannot be reached, throws a `ToolConfigurationError` or the store's error, which
 * never shows a password from the URL.
 */
export async function openApprovalStore(url: string): Promise<OpenedApprovalStore> {
  if (typeof url !== 'string' || url.trim() === '')
    throw new ToolConfigurationError(`--approval-store needs a value: ${SUPPORTED}.`);
  const scheme = WINDOWS_DRIVE.test(url) ? undefined : SCHEME.exec(url)?.[1]?.toLowerCase();
  switch (scheme) {
    case 'redis':
    case 'rediss': {
      const { RedisApprovalStore } = await import('../redis/index.js');
      const store = await RedisApprovalStore.connect(url);
      return { store, close: () => store.close() };
    }
    case 'postgres':
    case 'postgresql': {
      const { PostgresApprovalStore } = await import('../postgres/index.js');
      const store = await PostgresApprovalStore.connect(url);
      try {
        await store.migrate();
      } catch (thrown) {
        await store.close();
        throw thrown;
      }
      return { store, close: () => store.close() };
    }
    case 'file':
      return openDirectory(fileURLToPath(url));
    case undefined:
      return openDirectory(path.resolve(url));
    default:
      throw new ToolConfigurationError(
        `--approval-store does not support ${JSON.stringify(`${scheme}:`)} URLs; use ${SUPPORTED}.`,
      );
  }
}

function openDirectory(directory: string): OpenedApprovalStore {
  return { store: new FileApprovalStore({ directory }), close: () => Promise.resolve() };
}
