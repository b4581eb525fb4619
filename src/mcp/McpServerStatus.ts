/**
 * Where a configured server stands, as its tool source last saw it:
 * - `idle`: not loaded yet (the executor was not resolved);
 * - `loading`: connecting and listing its tools;
 * - `ready`: every tool it lists is served;
 * - `degraded`: connected, but some of its tools were left out (`error` says which and why:
 *   names that collide after sanitizing, a name taken by another tool, a schema that does not
 *   compile); the rest are served;
 * - `failed`: it could not be reached or listed (`error`); none of its tools are served;
 * - `auth_required`: it answered 401 (`error` is the `AuthRequiredError`);
 * - `closed`: closed with the executor or the container.
 */
export type McpServerState = 'idle' | 'loading' | 'ready' | 'degraded' | 'failed' | 'auth_required' | 'closed';

/** One server's entry in `McpClientRegistry.status()`. */
export interface McpServerStatus {
  /** The server's configured id. */
  readonly id: string;
  /** Where it stands. */
  readonly state: McpServerState;
  /** Why it is `degraded`, `failed` or `auth_required`. */
  readonly error?: Error;
}
