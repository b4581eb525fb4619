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
      problem({ servers: [{ id: 'a', transport: { type: 'stdio', command: 'x' } }, { id: 'a', transport: { type: 'stdio', command: 'y' } }] }),
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
});
