import { type Credentials, type CredentialStore } from '../index.js';
import { assertKnownKeys } from '../internal/index.js';
import { buildStoreFault, copyCredentials, openCredentials, sealCredentials } from '../kernel/index.js';
import { connectRedisClient } from './connectRedisClient.js';
import type { RedisConnectOptions } from './RedisConnectOptions.js';
import type { RedisCredentialStoreOptions } from './RedisCredentialStoreOptions.js';
import type { RedisStoreClient } from './RedisStoreClient.js';
import { readRedisStoreOptions } from './readRedisStoreOptions.js';

const SUBJECT = 'RedisCredentialStore';

/**
 * A {@link CredentialStore} on Redis, so that credentials a host obtained (for example after an
 * MCP server's OAuth flow) are seen by every process that shares the server. One string key per
 * provider (`<prefix>credentials:<provider>`), the credentials as JSON, stored as given: protect
 * the server (ACLs, TLS, no persistence to shared disks) as you would the secrets themselves.
 * A value the store did not write (another type, JSON that is not this provider's credentials)
 * is never used: `get` answers `undefined`, and the next `set` replaces it. Errors say what
 * failed, never a credential.
 */
export class RedisCredentialStore implements CredentialStore {
  readonly #client: RedisStoreClient;
  readonly #keyPrefix: string;
  #close: () => Promise<void>;

  public constructor(options: RedisCredentialStoreOptions) {
    const settings = readRedisStoreOptions(SUBJECT, options);
    this.#client = settings.client;
    this.#keyPrefix = settings.keyPrefix;
    this.#close = () => Promise.resolve();
  }

  /** A store on a client it creates and owns (closed by {@link RedisCredentialStore.close}). */
  public static async connect(url: string, options: RedisConnectOptions = {}): Promise<RedisCredentialStore> {
    assertKnownKeys(options, ['keyPrefix', 'connectTimeoutMs'], `${SUBJECT}.connect(url, options)`);
    const owned = await connectRedisClient(SUBJECT, url, options.connectTimeoutMs);
    const store = new RedisCredentialStore({
      client: owned.client,
      ...(options.keyPrefix === undefined ? {} : { keyPrefix: options.keyPrefix }),
    });
    store.#close = owned.close;
    return store;
  }

  /** The credentials stored for `provider` (`mcp:<server id>` for MCP servers), or `undefined`. */
  public async get(provider: string): Promise<Credentials | undefined> {
    const key = this.#key(provider);
    let text: unknown;
    try {
      text = await this.#client.sendCommand(['GET', key]);
    } catch (thrown) {
      // A key of another type is not credentials of ours.
      if (thrown instanceof Error && thrown.message.startsWith('WRONGTYPE')) return undefined;
      throw buildStoreFault(SUBJECT, `read the credentials of provider ${JSON.stringify(provider)}`, thrown);
    }
    return typeof text === 'string' ? openCredentials(text, provider) : undefined;
  }

  /** Stores (replaces) the credentials of `provider`. */
  public async set(provider: string, credentials: Credentials): Promise<void> {
    const key = this.#key(provider);
    const text = sealCredentials(provider, copyCredentials(SUBJECT, credentials));
    try {
      await this.#client.sendCommand(['SET', key, text]);
    } catch (thrown) {
      throw buildStoreFault(SUBJECT, `write the credentials of provider ${JSON.stringify(provider)}`, thrown);
    }
  }

  /** Forgets the credentials of `provider`. */
  public async delete(provider: string): Promise<void> {
    const key = this.#key(provider);
    try {
      await this.#client.sendCommand(['DEL', key]);
    } catch (thrown) {
      throw buildStoreFault(SUBJECT, `delete the credentials of provider ${JSON.stringify(provider)}`, thrown);
    }
  }

  /** Closes the client if the store made it ({@link RedisCredentialStore.connect}); a client the host passed in stays open. */
  public close(): Promise<void> {
    return this.#close();
  }

  #key(provider: unknown): string {
    if (typeof provider !== 'string' || provider === '')
      throw new TypeError(`${SUBJECT}: a provider is a non-empty string.`);
    return `${this.#keyPrefix}credentials:${provider}`;
  }
}
