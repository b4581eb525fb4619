import { ToolConfigurationError } from '../index.js';
import { assertKnownKeys } from '../internal/index.js';
import type { McpServerConfig, McpServersOptions } from './McpServersOptions.js';

const TRANSPORT_TYPES = ['stdio', 'http', 'in_memory'];
const OPTION_KEYS = ['servers', 'callTimeoutMs', 'connectTimeoutMs', 'maxResultBytes'];
const SERVER_KEYS = ['id', 'transport'];
const TRANSPORT_KEYS: Readonly<Record<string, readonly string[]>> = {
  stdio: ['type', 'command', 'args', 'env', 'cwd'],
  http: ['type', 'url', 'headers', 'authProvider'],
  in_memory: ['type', 'server'],
};

function isStringRecord(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}

function assertPositive(value: unknown, name: string): void {
  if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value > 0)) {
    throw new ToolConfigurationError(
      `mcpServers: ${name} must be a positive number of milliseconds or characters; got ${JSON.stringify(value)}.`,
    );
  }
}

/** Checks `mcpServers` options when the module is created. @throws ToolConfigurationError */
export function assertMcpServersOptions(options: McpServersOptions): void {
  const servers: unknown = (options as Partial<McpServersOptions> | undefined)?.servers;
  if (!Array.isArray(servers))
    throw new ToolConfigurationError('mcpServers: `servers` must be an array of { id, transport }.');
  assertKnownKeys(options, OPTION_KEYS, 'mcpServers: the options object');
  assertPositive(options.callTimeoutMs, 'callTimeoutMs');
  assertPositive(options.connectTimeoutMs, 'connectTimeoutMs');
  assertPositive(options.maxResultBytes, 'maxResultBytes');
  const seen = new Set<string>();
  for (const server of servers as readonly McpServerConfig[]) {
    if (typeof (server as Partial<McpServerConfig> | undefined)?.id !== 'string' || server.id.trim() === '')
      throw new ToolConfigurationError('mcpServers: every server needs a non-empty string `id`.');
    if (seen.has(server.id))
      throw new ToolConfigurationError(`mcpServers: server id "${server.id}" is configured twice; ids must be unique.`);
    seen.add(server.id);
    assertKnownKeys(server, SERVER_KEYS, `mcpServers: server "${server.id}"`);
    const type: unknown = (server.transport as { type?: unknown } | undefined)?.type;
    if (typeof type !== 'string' || !TRANSPORT_TYPES.includes(type)) {
      throw new ToolConfigurationError(
        `mcpServers: server "${server.id}" has transport type ${JSON.stringify(type)}; use one of ${TRANSPORT_TYPES.join(', ')}.`,
      );
    }
    assertKnownKeys(
      server.transport,
      TRANSPORT_KEYS[type] ?? [],
      `mcpServers: server "${server.id}" (${type} transport)`,
    );
    assertTransportValues(server);
  }
}

/** The values of a server's transport: command, args, env, cwd, url, headers. */
function assertTransportValues(server: McpServerConfig): void {
  const { transport } = server;
  const fail = (problem: string): never => {
    throw new ToolConfigurationError(`mcpServers: server "${server.id}" ${problem}.`);
  };
  if (transport.type === 'stdio') {
    if (typeof transport.command !== 'string' || transport.command === '') fail('needs a stdio `command`');
    if (
      transport.args !== undefined &&
      !(Array.isArray(transport.args) && transport.args.every((arg) => typeof arg === 'string'))
    )
      fail('has `args` that are not an array of strings');
    if (transport.env !== undefined && !isStringRecord(transport.env))
      fail('has an `env` that is not an object of strings');
    if (transport.cwd !== undefined && typeof transport.cwd !== 'string') fail('has a `cwd` that is not a string');
  }
  if (transport.type === 'http') {
    if (typeof transport.url !== 'string' || !URL.canParse(transport.url))
      fail(`has an invalid url ${JSON.stringify(transport.url)}`);
    if (transport.headers !== undefined && !isStringRecord(transport.headers))
      fail('has `headers` that are not an object of strings');
  }
  if (transport.type === 'in_memory') {
    const server: unknown = transport.server; // JS callers pass anything here
    if (typeof server !== 'object' || server === null) fail('needs an in_memory `server` (an SDK McpServer or Server)');
  }
}
