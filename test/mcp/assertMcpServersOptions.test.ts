import { describe, expect, it } from '@jest/globals';
import { ToolConfigurationError } from '../../src/index.js';
import { mcpServers, type McpServersOptions } from '../../src/mcp/index.js';

function problem(options: unknown): string {
  try {
    mcpServers(options as McpServersOptions);
  } catch (error) {
    return error instanceof ToolConfigurationError ? error.message : `unexpected ${String(error)}`;
  }
  return 'accepted';
}

describe(`${mcpServers.name} options`, () => {
  it('refuses bad options when the module is created', () => {
    expect([
      problem({}),
      problem({ servers: [{ id: '', transport: { type: 'stdio', command: 'x' } }] }),
      problem({
        servers: [
          { id: 'a', transport: { type: 'stdio', command: 'x' } },
          { id: 'a', transport: { type: 'stdio', command: 'y' } },
        ],
      }),
      problem({ servers: [{ id: 'a', transport: { type: 'sse' } }] }),
      problem({ servers: [{ id: 'a', transport: { type: 'http', url: 'not a url' } }] }),
      problem({ servers: [], callTimeoutMs: 0 }),
      problem({ servers: [] }),
    ]).toStrictEqual([
      'mcpServers: `servers` must be an array of { id, transport }.',
      'mcpServers: every server needs a non-empty string `id`.',
      'mcpServers: server id "a" is configured twice; ids must be unique.',
      'mcpServers: server "a" has transport type "sse"; use one of stdio, http, in_memory.',
      'mcpServers: server "a" has an invalid url "not a url".',
      'mcpServers: callTimeoutMs must be a positive number of milliseconds or characters; got 0.',
      'accepted',
    ]);
  });

  it('refuses unknown keys at every level, naming the key and the known ones', () => {
    const stdio = { type: 'stdio', command: 'x' };
    expect([
      problem({ servers: [], timeout: 5 }),
      problem({ servers: [{ id: 'a', transport: stdio, env: {} }] }),
      problem({ servers: [{ id: 'a', transport: { ...stdio, timeoutMs: 5 } }] }),
      problem({ servers: [{ id: 'a', transport: { type: 'http', url: 'https://example.com/mcp', header: {} } }] }),
      problem({ servers: [{ id: 'a', transport: { type: 'in_memory', server: {}, command: 'x' } }] }),
    ]).toStrictEqual([
      'mcpServers: the options object has an unknown key "timeout". Use only "servers", "callTimeoutMs", "connectTimeoutMs", "maxResultBytes" (check the spelling).',
      'mcpServers: server "a" has an unknown key "env". Use only "id", "transport" (check the spelling).',
      'mcpServers: server "a" (stdio transport) has an unknown key "timeoutMs". Use only "type", "command", "args", "env", "cwd" (check the spelling).',
      'mcpServers: server "a" (http transport) has an unknown key "header". Use only "type", "url", "headers", "authProvider" (check the spelling).',
      'mcpServers: server "a" (in_memory transport) has an unknown key "command". Use only "type", "server" (check the spelling).',
    ]);
  });

  it('refuses transport values of the wrong type', () => {
    expect([
      problem({ servers: [{ id: 'a', transport: { type: 'stdio', command: 'x', args: 'serve --stdio' } }] }),
      problem({ servers: [{ id: 'a', transport: { type: 'stdio', command: 'x', env: { PORT: 80 } } }] }),
      problem({
        servers: [{ id: 'a', transport: { type: 'http', url: 'https://example.com/mcp', headers: { 'x-n': 1 } } }],
      }),
      problem({ servers: [{ id: 'a', transport: { type: 'in_memory' } }] }),
    ]).toStrictEqual([
      'mcpServers: server "a" has `args` that are not an array of strings.',
      'mcpServers: server "a" has an `env` that is not an object of strings.',
      'mcpServers: server "a" has `headers` that are not an object of strings.',
      'mcpServers: server "a" needs an in_memory `server` (an SDK McpServer or Server).',
    ]);
  });
});
