import type { ServiceIdentifier } from 'inversify';
import type { McpClientRegistry } from './McpClientRegistry.js';

/** The container token of the configured MCP servers' registry (bound by `mcpServers`). */
export const MCP_CLIENT_REGISTRY: ServiceIdentifier<McpClientRegistry> = Symbol.for(
  'agentkit-tools-core/McpClientRegistry',
);
