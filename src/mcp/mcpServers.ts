import { ContainerModule, type ContainerModuleLoadOptions } from 'inversify';
import { CREDENTIAL_STORE, PERMISSION_CHECKER, ToolConfigurationError, TOOL_SOURCE } from '../index.js';
import { assertMcpServersOptions } from './assertMcpServersOptions.js';
import { assertMcpSdkInstalled } from './importMcpSdk.js';
import { MCP_CLIENT_REGISTRY } from './MCP_CLIENT_REGISTRY.js';
import { McpClientRegistry } from './McpClientRegistry.js';
import type { McpServersOptions } from './McpServersOptions.js';

/**
 * The MCP client built-in as a container module: one `TOOL_SOURCE` per server (remote tools
 * as `mcp_<id>_<tool>`, connected when the executor is first resolved) and the
 * `MCP_CLIENT_REGISTRY` (resources, prompts, `status()`, `refresh()`). A server that cannot be
 * reached or loaded never stops the executor: its tools are left out and reported. Unbinding
 * the container (`await container.unbindAll()`) or `await executor.close()` closes every
 * connection and server process. Load it once per container, with every server.
 * @throws ToolConfigurationError now, for options that are wrong, or when a server is configured
 * and the MCP SDK (`@modelcontextprotocol/sdk`, an optional peer) is not installed.
 */
export function mcpServers(options: McpServersOptions): ContainerModule {
  assertMcpServersOptions(options);
  // Found now, loaded when the first server connects: a host without the SDK learns it at start-up.
  if (options.servers.length > 0) assertMcpSdkInstalled('mcpServers');
  return new ContainerModule((bindings: ContainerModuleLoadOptions) => {
    if (bindings.isBound(MCP_CLIENT_REGISTRY)) {
      throw new ToolConfigurationError('mcpServers is loaded twice in one container; load it once with every server.');
    }
    bindings
      .bind(MCP_CLIENT_REGISTRY)
      .toDynamicValue(
        (context) => new McpClientRegistry(options, context.get(CREDENTIAL_STORE), context.get(PERMISSION_CHECKER)),
      )
      .inSingletonScope()
      // `container.unbindAll()` starts closing every connection and server process (synchronously,
      // as inversify's `unbindAll()` requires); `await registry.close()` waits for it to finish.
      .onDeactivation((registry) => {
        registry.close().catch(() => undefined);
      });
    for (const server of options.servers) {
      bindings
        .bind(TOOL_SOURCE)
        .toDynamicValue((context) => context.get(MCP_CLIENT_REGISTRY).source(server.id))
        .inSingletonScope();
    }
  });
}
