/** Credentials for one provider (for example `mcp:github`). */
export interface Credentials {
  readonly bearerToken?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Where tools find the credentials a host obtained after an `auth_required` interruption.
 * Bound under `CREDENTIAL_STORE`; the default keeps them in memory.
 */
export interface CredentialStore {
  get(provider: string): Credentials | undefined | Promise<Credentials | undefined>;
  set(provider: string, credentials: Credentials): void | Promise<void>;
  delete(provider: string): void | Promise<void>;
}
