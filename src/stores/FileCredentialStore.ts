import { ToolConfigurationError, type Credentials, type CredentialStore } from '../index.js';
import { assertKnownKeys } from '../internal/index.js';
import { buildStoreError } from './buildStoreError.js';
import { buildStoreFileName } from './buildStoreFileName.js';
import type { FileCredentialStoreOptions } from './FileCredentialStoreOptions.js';
import { copyCredentials, openCredentials, sealCredentials, StoreDirectory } from '../kernel/index.js';

const SUBJECT = 'FileCredentialStore';
const SUFFIX = '.json';

/**
 * A {@link CredentialStore} in a directory, so that credentials a host obtained (for example
 * after an MCP server's OAuth flow) survive a restart. One file per provider, named after a
 * digest of the provider, written whole (temp file, then rename) with mode 0600. An entry the
 * store did not write (not JSON, another provider's, another shape) is never used: `get`
 * answers `undefined`, and the next `set` replaces it. Errors say what failed, never a credential.
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
    const text = this.#io(`read the credentials of provider ${JSON.stringify(provider)}`, () =>
      this.#directory.read(name),
    );
    return text === undefined ? undefined : openCredentials(text, provider);
  }

  /** Stores (replaces) the credentials of `provider`. */
  public set(provider: string, credentials: Credentials): void {
    const name = fileNameOf(provider);
    const text = sealCredentials(provider, copyCredentials(SUBJECT, credentials));
    this.#io(`write the credentials of provider ${JSON.stringify(provider)}`, () => {
      this.#directory.replace(name, text);
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
  if (typeof provider !== 'string' || provider === '')
    throw new TypeError(`${SUBJECT}: a provider is a non-empty string.`);
  return buildStoreFileName('credentials', provider) + SUFFIX;
}
