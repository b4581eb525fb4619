import { ToolConfigurationError, type Credentials, type CredentialStore } from '../index.js';
import { assertKnownKeys } from '../internal/index.js';
import { buildStoreError } from './buildStoreError.js';
import { buildStoreFileName } from './buildStoreFileName.js';
import type { FileCredentialStoreOptions } from './FileCredentialStoreOptions.js';
import { isCredentials, StoreDirectory } from '../kernel/index.js';

const SUBJECT = 'FileCredentialStore';
const SUFFIX = '.json';

interface StoredCredentials {
  readonly provider: string;
  readonly credentials: Credentials;
}

/**
 * A {@link CredentialStore} in a directory, so that credentials a host obtained (for example
 * after an MCP server's OAuth flow) survive a restart. One file per provider, named after a
 * digest of the provider, written whole (temp file, then rename) with mode 0600. Errors say what
 * failed, never a credential.
 */
export class FileCredentialStore implements CredentialStore {
  readonly #directory: StoreDirectory;

  public constructor(options: FileCredentialStoreOptions) {
    if (typeof options !== 'object' || (options as unknown) === null) {
      throw new ToolConfigurationError(`${SUBJECT} needs options: { directory }.`);
    }
    assertKnownKeys(options, ['directory'], `${SUBJECT}(options)`);
    this.#directory = new StoreDirectory(options.directory, SUBJECT, ToolConfigurationError);
  }

  /** The absolute path of the store's directory. */
  public get directory(): string {
    return this.#directory.path;
  }

  /** The credentials stored for `provider` (`mcp:<server id>` for MCP servers), or `undefined`. */
  public get(provider: string): Credentials | undefined {
    const name = fileNameOf(provider);
    const text = this.#io(`read the credentials of provider ${JSON.stringify(provider)}`, () => this.#directory.read(name));
    if (text === undefined) return undefined;
    const stored = parseStored(text);
    if (stored?.provider !== provider) {
      throw new Error(`${SUBJECT} holds a corrupt entry for provider ${JSON.stringify(provider)}; delete it and store the credentials again.`);
    }
    return stored.credentials;
  }

  /** Stores (replaces) the credentials of `provider`. */
  public set(provider: string, credentials: Credentials): void {
    const name = fileNameOf(provider);
    if (!isCredentials(credentials)) {
      throw new TypeError(`${SUBJECT}.set: credentials must be { bearerToken?: string, headers?: Record<string, string> }.`);
    }
    const stored: StoredCredentials = {
      provider,
      credentials: {
        ...(credentials.bearerToken === undefined ? {} : { bearerToken: credentials.bearerToken }),
        ...(credentials.headers === undefined ? {} : { headers: { ...credentials.headers } }),
      },
    };
    this.#io(`write the credentials of provider ${JSON.stringify(provider)}`, () => {
      this.#directory.replace(name, JSON.stringify(stored));
    });
  }

  /** Forgets the credentials of `provider`. */
  public delete(provider: string): void {
    const name = fileNameOf(provider);
    this.#io(`delete the credentials of provider ${JSON.stringify(provider)}`, () => this.#directory.remove(name));
  }

  /** Runs a file-system step; a failure throws an error that says which step failed, never content. */
  #io<T>(action: string, step: () => T): T {
    try {
      return step();
    } catch (thrown) {
      throw buildStoreError(SUBJECT, action, thrown);
    }
  }
}

function fileNameOf(provider: unknown): string {
  if (typeof provider !== 'string' || provider === '') throw new TypeError(`${SUBJECT}: a provider is a non-empty string.`);
  return buildStoreFileName('credentials', provider) + SUFFIX;
}

/** The stored entry in `text`, or `undefined` when it is not one (never quoting the text). */
function parseStored(text: string): StoredCredentials | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const stored = value as Partial<StoredCredentials> | null;
  if (typeof stored !== 'object' || stored === null || typeof stored.provider !== 'string' || !isCredentials(stored.credentials)) return undefined;
  return { provider: stored.provider, credentials: stored.credentials as Credentials };
}
