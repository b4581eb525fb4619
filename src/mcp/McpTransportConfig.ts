import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';

/**
 * A server process spoken to over stdin/stdout. It starts from an environment allow-list
 * (see {@link buildServerEnvironment}) plus `env`, in its own process group, and its whole
 * process tree is killed on close.
 */
export interface McpStdioTransportConfig {
  readonly type: 'stdio';
  readonly command: string;
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
}

/**
 * A Streamable HTTP server. Each request carries `headers`, then the credentials stored for
 * provider `mcp:<id>` in the bound `CredentialStore` (`Authorization: Bearer <token>` and their
 * own headers). Without `authProvider`, an HTTP 401 becomes an `auth_required` interruption;
 * with one, the SDK runs its OAuth flow through it instead.
 */
export interface McpHttpTransportConfig {
  readonly type: 'http';
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly authProvider?: OAuthClientProvider;
}

/** A server in this process (an SDK `McpServer` or low-level `Server`), linked in memory. */
export interface McpInMemoryTransportConfig {
  readonly type: 'in_memory';
  readonly server: McpServer | Server;
}

export type McpTransportConfig = McpStdioTransportConfig | McpHttpTransportConfig | McpInMemoryTransportConfig;
