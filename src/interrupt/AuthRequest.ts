import type { MetadataMap } from '../values/JsonValue.js';

/**
 * A call paused until the host completes authentication with `provider` (for example
 * `mcp:github`) and stores credentials in the `CredentialStore`; then the host runs the same
 * request again.
 */
export interface AuthRequest {
  readonly id: string;
  readonly callId: string;
  readonly toolName: string;
  readonly provider: string;
  readonly scopes?: readonly string[];
  /** What the other side asked for, e.g. a `WWW-Authenticate` header value. */
  readonly challenge: string;
  readonly metadata?: MetadataMap;
}
