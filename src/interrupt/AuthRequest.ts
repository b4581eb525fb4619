import type { MetadataMap } from '../values/JsonValue.js';

/**
 * A call paused until the host completes authentication with `provider` (for example
 * `mcp:github`) and stores credentials in the `CredentialStore`; then the host runs the same
 * request again.
 */
export interface AuthRequest {
  /** A unique id of this request. */
  readonly id: string;
  /** The call that stopped for it. */
  readonly callId: string;
  /** That call's tool. */
  readonly toolName: string;
  /** Whom to authenticate with (`mcp:<server id>`, or a tool's own name for it). */
  readonly provider: string;
  /** The scopes asked for, when the other side says. */
  readonly scopes?: readonly string[];
  /** What the other side asked for, e.g. a `WWW-Authenticate` header value. */
  readonly challenge: string;
  /** What the tool adds for the host (an authorization URL, for example). */
  readonly metadata?: MetadataMap;
}
