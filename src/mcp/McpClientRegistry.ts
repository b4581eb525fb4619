import { ToolConfigurationError, type CredentialStore, type PermissionChecker } from '../index.js';
import { McpConnection } from './McpConnection.js';
import { McpPromptProvider } from './McpPromptProvider.js';
import { McpResourceProvider } from './McpResourceProvider.js';
import type { McpProviderOptions } from './McpProviderOptions.js';
import type { McpServerStatus } from './McpServerStatus.js';
import { MCP_SERVERS_DEFAULTS, type McpServersOptions } from './McpServersOptions.js';
import { McpToolSource } from './McpToolSource.js';

interface Entry {
  readonly connection: McpConnection;
  readonly source: McpToolSource;
}

/**
 * The configured MCP servers of a container (token `MCP_CLIENT_REGISTRY`): their tool sources,
 * their resources and prompts as the core's providers, their status and their lifecycle. Hosts
 * get it with `container.get(MCP_CLIENT_REGISTRY)`. Unbinding the container, or closing the
 * executor, closes every connection; {@link close} does the same by hand.
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
      throw new ToolConfigurationError(
        `No MCP server "${id}" is configured; configured: ${this.ids.map((known) => `"${known}"`).join(', ') || 'none'}.`,
      );
    }
    return entry;
  }

  /** @internal The server's connection (tests reach its transport through it). */
  public connection(id: string): McpConnection {
    return this.#get(id).connection;
  }

  /** Server `id`'s tool source (bound under `TOOL_SOURCE` by `mcpServers`). */
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
   * Completes server `id`'s OAuth flow with the authorization code the host got back (the SDK's
   * `finishAuth` on its transport), then reloads the tools of a server whose listing met
   * the 401. Calls that ended `auth_required` can then run again as they were.
   */
  public async finishAuth(id: string, authorizationCode: string): Promise<void> {
    const { connection, source } = this.#get(id);
    await connection.finishAuth(authorizationCode);
    if (source.authRequired !== undefined) await source.refresh();
  }

  /** Every configured server's `{ id, state, error? }`, in configuration order. */
  public status(): McpServerStatus[] {
    return [...this.#entries.values()].map((entry) => entry.source.status);
  }

  /**
   * Reloads the executor's tools, so servers that failed (unreachable, a tool left out) are
   * tried again; resolves when the reload is done. Nothing happens before the executor was
   * resolved, or after close.
   */
  public async refresh(): Promise<void> {
    // Any source's listeners reload every source: asking one that is subscribed is enough.
    for (const entry of this.#entries.values()) {
      if (!entry.connection.closed) {
        await entry.source.refresh();
        return;
      }
    }
  }

  /** Closes every connection for good (stdio servers are killed with their process trees). Idempotent. */
  public async close(): Promise<void> {
    await Promise.all([...this.#entries.values()].map((entry) => entry.source.close()));
  }
}
