import type { McpTransportConfig } from './McpTransportConfig.js';

/** One configured server. `id` names its tools (`mcp_<id>_<tool>`) and its credentials (`mcp:<id>`). */
export interface McpServerConfig {
  /** Lowercase letters, digits and `-`: the `<id>` of `mcp_<id>_<tool>` and of `mcp:<id>`. */
  readonly id: string;
  /** How to reach it. */
  readonly transport: McpTransportConfig;
}

/** Options of {@link mcpServers}. */
export interface McpServersOptions {
  /** The servers to connect to when the executor is first resolved. */
  readonly servers: readonly McpServerConfig[];
  /** Deadline of one remote call, in ms. Default 60 s. */
  readonly callTimeoutMs?: number;
  /** Deadline of connecting (initialize + first listing), in ms. Default 30 s. */
  readonly connectTimeoutMs?: number;
  /** Largest result handed to the model, in characters of JSON. Default 1 MiB. */
  readonly maxResultBytes?: number;
}

/** The defaults of the {@link McpServersOptions} deadlines and result bound. */
export const MCP_SERVERS_DEFAULTS = Object.freeze({
  callTimeoutMs: 60_000,
  connectTimeoutMs: 30_000,
  maxResultBytes: 1024 * 1024,
});
