import { AuthRequiredError, ToolError } from '../index.js';
import { quoteForDisplay } from '../internal/index.js';
import { getCredentialProvider } from './createClientTransport.js';
import { getLoadedClientSdk } from './loadClientSdk.js';
import { McpHttpAuthError } from './McpHttpAuthError.js';

export interface RemoteFailure {
  /** What the call throws: a categorized ToolError, or AuthRequiredError for a 401. */
  readonly error: ToolError | AuthRequiredError;
  /** Whether the connection is suspect and must be dropped, so the next call reconnects. */
  readonly reset: boolean;
}

/**
 * How a failed remote request ends, for `server`'s `what` (`tool echo`, `resource demo://x`):
 * - a 401 (ours, or the SDK's `UnauthorizedError` with an OAuth provider): `auth_required`, with
 *   the 401's challenge (`lastChallenge`, the connection's latest, when the SDK answered it);
 * - MCP `InvalidParams`: `invalid_input`;
 * - a timeout, a closed connection, any transport or process error: `unavailable`, and reset;
 * - any other MCP error the server answered with: `execution_failed`.
 */
export function toRemoteFailure(
  thrown: unknown,
  server: string,
  what: string,
  lastChallenge?: McpHttpAuthError,
): RemoteFailure {
  // Before the SDK is loaded nothing thrown can be one of its errors.
  const sdk = getLoadedClientSdk();
  const own = McpHttpAuthError.find(thrown);
  if (own !== undefined || (sdk !== undefined && thrown instanceof sdk.UnauthorizedError)) {
    const auth = own ?? lastChallenge;
    const metadata = {
      server,
      ...(auth?.resourceMetadataUrl === undefined ? {} : { resourceMetadataUrl: auth.resourceMetadataUrl }),
    };
    return {
      error: new AuthRequiredError({
        provider: getCredentialProvider(server),
        challenge: auth?.challenge ?? '',
        ...(auth?.scopes === undefined ? {} : { scopes: auth.scopes }),
        metadata,
        message:
          own === undefined
            ? `MCP server "${server}" needs authorization (HTTP 401): its OAuth provider was sent to the authorization server (redirectToAuthorization). Pass the code that comes back to McpClientRegistry.finishAuth("${server}", code), then run the same call again.`
            : `MCP server "${server}" needs authentication (HTTP 401). Store credentials for provider "${getCredentialProvider(server)}", then run the same call again.`,
      }),
      reset: false,
    };
  }
  // What the server (or its transport) said: remote text, shown through the display function.
  const message = quoteForDisplay(
    thrown instanceof Error ? thrown.message : String(thrown),
    Number.POSITIVE_INFINITY,
    'line',
  );
  const details = { server, reason: 'remote_error' };
  if (sdk !== undefined && thrown instanceof sdk.McpError) {
    const { ErrorCode } = sdk;
    // A remote server may send any code: compared as numbers, not trusted to be an ErrorCode.
    switch (thrown.code) {
      case ErrorCode.InvalidParams as number:
        return {
          error: new ToolError(
            'invalid_input',
            `MCP server "${server}" refused the arguments of ${what}: ${message}`,
            { server, reason: 'remote_invalid_params', mcpCode: thrown.code },
            { cause: thrown },
          ),
          reset: false,
        };
      case ErrorCode.RequestTimeout as number:
        return {
          error: new ToolError(
            'unavailable',
            `MCP server "${server}" did not answer ${what} in time: ${message}. The next call reconnects.`,
            { server, reason: 'timeout' },
            { cause: thrown },
          ),
          reset: true,
        };
      case ErrorCode.ConnectionClosed as number:
        return {
          error: new ToolError(
            'unavailable',
            `The connection to MCP server "${server}" closed during ${what}: ${message}. The next call reconnects.`,
            { server, reason: 'connection_closed' },
            { cause: thrown },
          ),
          reset: true,
        };
      default:
        return {
          error: new ToolError(
            'execution_failed',
            `MCP server "${server}" failed ${what}: ${message}`,
            { ...details, mcpCode: thrown.code },
            { cause: thrown },
          ),
          reset: false,
        };
    }
  }
  return {
    error: new ToolError(
      'unavailable',
      `MCP server "${server}" cannot be reached for ${what}: ${message}. The next call reconnects.`,
      { server, reason: 'transport_error' },
      { cause: thrown },
    ),
    reset: true,
  };
}
