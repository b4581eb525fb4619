import { ToolConfigurationError, type CredentialStore, type PermissionChecker } from '../index.js';
import { McpConnection } from './McpConnection.js';
import { McpPromptProvider } from './McpPromptProvider.js';
import { McpResourceProvider } from './McpResourceProvider.js';
import type { McpProviderOptions } from './McpProviderOptions.js';
import { MCP_SERVERS_DEFAULTS, type McpServersOptions } from './McpServersOptions.js';
import { McpToolSource } from './McpToolSource.js';

interface Entry {
  readonly connection: McpConnection;
  readonly source: McpToolSource;
}

/**
 * The configured MCP servers of a container (token `MCP_CLIENT_REGISTRY`): their tool sources,
 * their resources and prompts as the core's providers, and their lifecycle. Hosts get it with
 * `container.get(MCP_CLIENT_REGISTRY)` and call `close()` when done.
 */
export class McpClientRegistry {
  readonly #entries = new Map<string, Entry>();
  readonly #permissions: PermissionChecker;

  public constructor(options: McpServersOptions, credentials: CredentialStore, permissions: PermissionChecker) {
    this.#permissions = permissions;
    const connectTimeoutMs = options.connectTimeoutMs ?? MCP_SERVERS_DEFAULTS.connectTimeoutMs;
    const toolOptions = {
      callTimeoutMs: options.callTimeoutMs ?? MCP_SERVERS_DEFAULTS.callTimeoutMs,
      maxResultBytes: options.maxResultBytes ?? MCP_SERVERS_DEFAULTS.maxResultBytes,
    };
    for (const server of options.servers) {
      const connection = new McpConnection(server, credentials, connectTimeoutMs);
      this.#entries.set(server.id, { connection, source: new McpToolSource(connection, toolOptions) });
    }
  }

  /** The configured server ids, in configuration order. */
  public get ids(): readonly string[] {
    return [...this.#entries.keys()];
  }

  #get(id: string): Entry {
    const entry = this.#entries.get(id);
    if (entry === undefined) {
      throw new ToolConfigurationError(`No MCP server "${id}" is configured; configured: ${this.ids.map((known) => `"${known}"`).join(', ') || 'none'}.`);
    }
    return entry;
  }

  public connection(id: string): McpConnection {
    return this.#get(id).connection;
  }

  public source(id: string): McpToolSource {
    return this.#get(id).source;
  }

  /** Server `id`'s resources, each read checked as `mcp.read_resource` by the bound checker. */
  public resources(id: string, options: McpProviderOptions = {}): McpResourceProvider {
    return new McpResourceProvider(this.#get(id).connection, this.#permissions, options);
  }

  /** Server `id`'s prompts, each get checked as `mcp.get_prompt` by the bound checker. */
  public prompts(id: string, options: McpProviderOptions = {}): McpPromptProvider {
    return new McpPromptProvider(this.#get(id).connection, this.#permissions, options);
  }

  /**
   * Completes server `id`'s OAuth flow with the authorization code the host got back (see
   * {@link McpConnection.finishAuth}), then reloads the tools of a server whose listing met
   * the 401. Calls that ended `auth_required` can then run again as they were.
   */
  public async finishAuth(id: string, authorizationCode: string): Promise<void> {
    const { connection, source } = this.#get(id);
    await connection.finishAuth(authorizationCode);
    if (source.authRequired !== undefined) source.refresh();
  }

  /** Closes every connection (stdio servers are killed with their process trees). */
  public async close(): Promise<void> {
    await Promise.all([...this.#entries.values()].map((entry) => entry.connection.close()));
  }
}
