import { ToolConfigurationError } from '../index.js';
import type { McpServerConfig, McpServersOptions } from './McpServersOptions.js';

const TRANSPORT_TYPES = ['stdio', 'http', 'in_memory'];

function assertPositive(value: unknown, name: string): void {
  if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value > 0)) {
    throw new ToolConfigurationError(`mcpServers: ${name} must be a positive number of milliseconds or characters; got ${JSON.stringify(value)}.`);
  }
}

/** Checks `mcpServers` options when the module is created. @throws ToolConfigurationError */
export function assertMcpServersOptions(options: McpServersOptions): void {
  const servers: unknown = (options as Partial<McpServersOptions> | undefined)?.servers;
  if (!Array.isArray(servers)) throw new ToolConfigurationError('mcpServers: `servers` must be an array of { id, transport }.');
  assertPositive(options.callTimeoutMs, 'callTimeoutMs');
  assertPositive(options.connectTimeoutMs, 'connectTimeoutMs');
  assertPositive(options.maxResultBytes, 'maxResultBytes');
  const seen = new Set<string>();
  for (const server of servers as readonly McpServerConfig[]) {
    if (typeof (server as Partial<McpServerConfig> | undefined)?.id !== 'string' || server.id.trim() === '') throw new ToolConfigurationError('mcpServers: every server needs a non-empty string `id`.');
    if (seen.has(server.id)) throw new ToolConfigurationError(`mcpServers: server id "${server.id}" is configured twice; ids must be unique.`);
    seen.add(server.id);
    const type: unknown = (server.transport as { type?: unknown } | undefined)?.type;
    if (typeof type !== 'string' || !TRANSPORT_TYPES.includes(type)) {
      throw new ToolConfigurationError(`mcpServers: server "${server.id}" has transport type ${JSON.stringify(type)}; use one of ${TRANSPORT_TYPES.join(', ')}.`);
    }
    if (server.transport.type === 'stdio' && (typeof server.transport.command !== 'string' || server.transport.command === '')) {
      throw new ToolConfigurationError(`mcpServers: server "${server.id}" needs a stdio \`command\`.`);
    }
    if (server.transport.type === 'http' && !URL.canParse(server.transport.url)) {
      throw new ToolConfigurationError(`mcpServers: server "${server.id}" has an invalid url ${JSON.stringify(server.transport.url)}.`);
    }
  }
}
