/** Credentials for one provider (for example `mcp:github`). */
export interface Credentials {
  /** Sent as `Authorization: Bearer <token>`. */
  readonly bearerToken?: string;
  /** Further headers to send (an API key header, for example). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Where tools find the credentials a host obtained after an `auth_required` interruption.
 * Bound under `CREDENTIAL_STORE`; the default keeps them in memory.
 */
export interface CredentialStore {
  /** The credentials stored for `provider` (`mcp:<server id>` for MCP servers), or `undefined`. */
  get(provider: string): Credentials | undefined | Promise<Credentials | undefined>;
  /** Stores (replaces) the credentials of `provider`. */
  set(provider: string, credentials: Credentials): void | Promise<void>;
  /** Forgets the credentials of `provider`. */
  delete(provider: string): void | Promise<void>;
}
