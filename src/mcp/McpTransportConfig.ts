import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';

/**
 * A server process spoken to over stdin/stdout. It starts from the environment allow-list of
 * shell commands (the base names and `LC_*`, minus names that look like secrets) plus `env`, in
 * its own process group, and its whole process tree is killed on close.
 */
export interface McpStdioTransportConfig {
  /** Says which transport. */
  readonly type: 'stdio';
  /** The program to start (looked up on `PATH`). */
  readonly command: string;
  /** Its arguments. */
  readonly args?: readonly string[];
  /** Variables added to the allow-listed environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** Its working directory; default the host's. */
  readonly cwd?: string;
}

/**
 * A Streamable HTTP server. Each request carries `headers`, then the credentials stored for
 * provider `mcp:<id>` in the bound `CredentialStore` (`Authorization: Bearer <token>` and their
 * own headers). Without `authProvider`, an HTTP 401 becomes an `auth_required` interruption;
 * with one, the SDK runs its OAuth flow through it instead.
 */
export interface McpHttpTransportConfig {
  /** Says which transport. */
  readonly type: 'http';
  /** The server's endpoint (`https://example.com/mcp`). */
  readonly url: string;
  /** Headers sent with every request. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The SDK's OAuth client provider, to let the SDK run OAuth itself. */
  readonly authProvider?: OAuthClientProvider;
}

/** A server in this process (an SDK `McpServer` or low-level `Server`), linked in memory. */
export interface McpInMemoryTransportConfig {
  /** Says which transport. */
  readonly type: 'in_memory';
  /** The server, not yet connected. */
  readonly server: McpServer | Server;
}

/** How to reach a server: a process over stdio, Streamable HTTP, or a server in this process. */
export type McpTransportConfig = McpStdioTransportConfig | McpHttpTransportConfig | McpInMemoryTransportConfig;
