import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CredentialStore } from '../index.js';
import { buildServerEnvironment } from './buildServerEnvironment.js';
import type { ClientSdk } from './loadClientSdk.js';
import { McpHttpAuthError } from './McpHttpAuthError.js';
import type { McpServerConfig } from './McpServersOptions.js';
import type { McpHttpTransportConfig } from './McpTransportConfig.js';

/** The credential provider name of a server: `mcp:<id>`. */
export function getCredentialProvider(serverId: string): string {
  return `mcp:${serverId}`;
}

/**
 * A fetch that adds the configured headers and the stored credentials to every request, read
 * anew each time (so credentials stored after a 401 apply to the very next request), and that
 * turns a 401 into {@link McpHttpAuthError} when no OAuth provider handles it. Every 401's challenge
 * goes to `onUnauthorized` first (with an OAuth provider the SDK answers the 401 itself, and the
 * challenge would be lost otherwise).
 */
function createAuthorizingFetch(
  serverId: string,
  config: McpHttpTransportConfig,
  credentials: CredentialStore,
  onUnauthorized: (challenge: McpHttpAuthError) => void,
): FetchLike {
  return async (url, init) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(config.headers ?? {})) headers.set(name, value);
    const stored = await credentials.get(getCredentialProvider(serverId));
    for (const [name, value] of Object.entries(stored?.headers ?? {})) headers.set(name, value);
    if (stored?.bearerToken !== undefined) headers.set('authorization', `Bearer ${stored.bearerToken}`);
    const response = await fetch(url, { ...init, headers });
    if (response.status !== 401) return response;
    const challenge = McpHttpAuthError.fromResponse(response);
    onUnauthorized(challenge);
    if (config.authProvider !== undefined) return response;
    await response.body?.cancel();
    throw challenge;
  };
}

/**
 * A fresh client transport for one connection attempt to `server` (`sdk`: the SDK's client side,
 * loaded); `onUnauthorized` hears the challenge of every HTTP 401 it meets.
 */
export async function createClientTransport(
  server: McpServerConfig,
  credentials: CredentialStore,
  onUnauthorized: (challenge: McpHttpAuthError) => void,
  sdk: ClientSdk,
): Promise<Transport> {
  const { transport } = server;
  switch (transport.type) {
    case 'stdio': {
      // Imported with the first stdio server (it reads the SDK's stdio framing).
      const { ProcessClientTransport } = await import('./ProcessClientTransport.js');
      return new ProcessClientTransport({
        command: transport.command,
        args: transport.args ?? [],
        env: buildServerEnvironment(process.env, transport.env),
        ...(transport.cwd === undefined ? {} : { cwd: transport.cwd }),
      });
    }
    case 'http': {
      // Imported with the first HTTP server (it reads the event streams, to tag each question with its call).
      const { createTaggingFetch } = await import('./createTaggingFetch.js');
      return new sdk.StreamableHTTPClientTransport(new URL(transport.url), {
        fetch: createTaggingFetch(createAuthorizingFetch(server.id, transport, credentials, onUnauthorized)),
        ...(transport.authProvider === undefined ? {} : { authProvider: transport.authProvider }),
      });
    }
    case 'in_memory': {
      const [clientSide, serverSide] = sdk.InMemoryTransport.createLinkedPair();
      await transport.server.connect(serverSide);
      return clientSide;
    }
  }
}
