import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { mcpServers } from '../../src/mcp/index.js';
import { createMcpHarness, type McpHarness } from './fixtures/createMcpHarness.js';

/** A server whose `slow` tool answers after 2 s unless the request is cancelled; it records what it saw. */
function createSlowServer(seen: { cancelled: number; completed: number }): Server {
  const server = new Server({ name: 'slow', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      { name: 'slow', description: 'Answers after two seconds.', inputSchema: { type: 'object', properties: {} } },
    ],
  }));
  server.setRequestHandler(
    CallToolRequestSchema,
    (_request, extra) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          seen.completed += 1;
          resolve({ content: [{ type: 'text', text: 'late' }] });
        }, 2_000);
        extra.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          seen.cancelled += 1;
          resolve({ content: [{ type: 'text', text: 'cancelled' }] });
        });
      }),
  );
  return server;
}

describe(mcpServers.name, () => {
  describe('(cancellation)', () => {
    const seen = { cancelled: 0, completed: 0 };
    let harness: McpHarness;

    beforeAll(async () => {
      harness = await createMcpHarness({
        servers: [{ id: 'slow', transport: { type: 'in_memory', server: createSlowServer(seen) } }],
      });
    });

    afterAll(() => harness.close());

    it("forwards the host's cancellation to the server, which stops the call", async () => {
      const controller = new AbortController();
      const pending = harness.call('mcp_slow_slow', {}, { signal: controller.signal });
      setTimeout(() => {
        controller.abort();
      }, 50);
      expect(await pending).toMatchObject({
        status: 'failed',
        invoked: true,
        error: { code: 'interrupted', details: { reason: 'cancelled' } },
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen).toStrictEqual({ cancelled: 1, completed: 0 });
    });
  });
});
