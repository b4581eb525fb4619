import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { PolicyPermissionChecker } from '../../src/index.js';
import { McpClientRegistry } from '../../src/mcp/index.js';
import { createMcpHarness, type McpHarness } from './fixtures/createMcpHarness.js';
import { createToolServer, fixtureTool, text, type ToolServer } from './fixtures/createToolServer.js';

function createDocsServer(): McpServer {
  const server = new McpServer({ name: 'docs', version: '1.0.0' });
  server.registerResource(
    'readme',
    'docs://readme',
    { description: 'The readme.', mimeType: 'text/markdown' },
    (uri) => ({ contents: [{ uri: uri.href, text: '# Docs' }] }),
  );
  server.registerResource('secret', 'docs://secret', {}, (uri) => ({ contents: [{ uri: uri.href, text: 'hidden' }] }));
  server.registerPrompt('greet', { description: 'Greets.' }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'Hello!' } }],
  }));
  return server;
}

describe(McpClientRegistry.name, () => {
  let harness: McpHarness;
  let changing: ToolServer;

  beforeAll(async () => {
    changing = createToolServer([fixtureTool('first', () => text('1'))]);
    const checker = new PolicyPermissionChecker({
      rules: [
        { effect: 'allow', kind: 'mcp.read_resource', pattern: 'docs/docs://readme' },
        { effect: 'deny', kind: 'mcp.read_resource', pattern: 'docs/docs://secret' },
        { effect: 'ask', kind: 'mcp.get_prompt' },
      ],
      fallback: 'allow',
    });
    harness = await createMcpHarness(
      {
        servers: [
          { id: 'docs', transport: { type: 'in_memory', server: createDocsServer() } },
          { id: 'live', transport: { type: 'in_memory', server: changing.server } },
        ],
      },
      { checker },
    );
  });

  afterAll(() => harness.close());

  describe('.source', () => {
    it('refreshes the executor catalog when the server says its tool list changed', async () => {
      expect(harness.executor.specs().map((spec) => spec.name)).toStrictEqual(['mcp_live_first']);

      await changing.setTools([fixtureTool('second', () => text('2'))]);
      for (
        let attempt = 0;
        attempt < 50 && harness.executor.specs().some((spec) => spec.name === 'mcp_live_first');
        attempt += 1
      ) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }

      expect(harness.executor.specs().map((spec) => spec.name)).toStrictEqual(['mcp_live_second']);
      expect(await harness.call('mcp_live_second')).toMatchObject({
        status: 'completed',
        result: { result: { output: { type: 'text', text: '2' } } },
      });
    });
  });

  describe('.resources', () => {
    it('lists resources', async () => {
      expect(await harness.registry.resources('docs').list()).toStrictEqual([
        {
          uri: 'docs://readme',
          name: 'readme',
          description: 'The readme.',
          mimeType: 'text/markdown',
          metadata: { mcpServer: 'docs' },
        },
        { uri: 'docs://secret', name: 'secret', metadata: { mcpServer: 'docs' } },
      ]);
    });

    it('reads a resource the checker allows', async () => {
      expect(await harness.registry.resources('docs').read('docs://readme')).toStrictEqual([
        { uri: 'docs://readme', text: '# Docs' },
      ]);
    });

    it('refuses a resource the checker denies, as mcp.read_resource server/uri', async () => {
      await expect(harness.registry.resources('docs').read('docs://secret')).rejects.toMatchObject({
        code: 'permission_denied',
        details: { reason: 'denied', kind: 'mcp.read_resource', target: 'docs/docs://secret' },
      });
    });
  });

  describe('.prompts', () => {
    it('refuses a prompt that needs approval when nobody approves it', async () => {
      await expect(harness.registry.prompts('docs').get('greet')).rejects.toMatchObject({
        code: 'permission_denied',
        details: { reason: 'approval_required', target: 'docs/greet' },
      });
    });

    it('gets a prompt the host approves', async () => {
      const approved: string[] = [];
      const prompts = harness.registry.prompts('docs', { approve: (request) => approved.push(request.target) > 0 });

      expect(await prompts.list()).toStrictEqual([
        { name: 'greet', description: 'Greets.', metadata: { mcpServer: 'docs' } },
      ]);
      expect(await prompts.get('greet')).toStrictEqual({
        messages: [{ role: 'user', content: { type: 'text', text: 'Hello!' } }],
      });
      expect(approved).toStrictEqual(['docs/greet']);
    });
  });
});
