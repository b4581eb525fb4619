import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Container } from 'inversify';
import {
  agentkitModule,
  PolicyPermissionChecker,
  Tool,
  TOOL_EXECUTOR,
  type PermissionRequest,
  type ToolExecutor,
} from '../../src/index.js';
import { mcpServers, MCP_CLIENT_REGISTRY, McpPermissionRequest } from '../../src/mcp/index.js';
import { createMcpHarness, type McpHarness } from './fixtures/createMcpHarness.js';
import { createToolServer, fixtureTool, text } from './fixtures/createToolServer.js';

const echoServer = () =>
  createToolServer([
    fixtureTool('echo', (args) => text(String(args['message']))),
    fixtureTool('wipe', () => text('wiped')),
  ]).server;

@Tool({ name: 'mcp_docs_echo', description: 'A local tool that takes a remote tool name.' })
class ShadowTool {
  public invoke(): string {
    return 'local';
  }
}

describe(`${mcpServers.name} and permissions`, () => {
  describe('with a policy', () => {
    let harness: McpHarness;

    beforeAll(async () => {
      const checker = new PolicyPermissionChecker({
        rules: [
          { effect: 'allow', kind: 'mcp.invoke_tool', pattern: 'docs/echo' },
          { effect: 'deny', kind: 'mcp.invoke_tool', pattern: 'docs/wipe' },
        ],
        fallback: 'ask',
      });
      harness = await createMcpHarness(
        { servers: [{ id: 'docs', transport: { type: 'in_memory', server: echoServer() } }] },
        { checker },
      );
    });

    afterAll(() => harness.close());

    it('preflights one mcp.invoke_tool request with target server/tool', async () => {
      const remote = (await harness.registry.source('docs').loadTools()).find(
        (tool) => tool.spec.name === 'mcp_docs_echo',
      );

      expect(
        remote?.proposedRequests?.({
          callId: 'c',
          toolName: 'mcp_docs_echo',
          input: {},
          sessionId: 's',
          turnId: 't',
          metadata: {},
        }),
      ).toStrictEqual([new McpPermissionRequest('mcp.invoke_tool', 'docs', 'echo', { toolName: 'mcp_docs_echo' })]);
    });

    it('hands every call the same frozen request, so a checker cannot change what later calls ask', async () => {
      const remote = (await harness.registry.source('docs').loadTools()).find(
        (tool) => tool.spec.name === 'mcp_docs_echo',
      );
      const request = { callId: 'c', toolName: 'mcp_docs_echo', input: {}, sessionId: 's', turnId: 't', metadata: {} };
      // MCP tools answer with a plain list (a preflight may also return { requests, plan }).
      const proposed = async (): Promise<readonly PermissionRequest[]> =>
        ((await remote?.proposedRequests?.(request, {})) ?? []) as readonly PermissionRequest[];
      const [first] = await proposed();

      expect(Object.isFrozen(first) && Object.isFrozen(first?.metadata)).toBe(true);
      expect(() => {
        (first?.metadata as Record<string, unknown>)['toolName'] = 'other';
      }).toThrow(TypeError);
      expect((await proposed())[0]?.metadata).toStrictEqual({
        server: 'docs',
        name: 'echo',
        toolName: 'mcp_docs_echo',
      });
    });

    it('runs a call the policy allows', async () => {
      expect(await harness.call('mcp_docs_echo', { message: 'hi' })).toMatchObject({
        status: 'completed',
        result: { result: { output: { type: 'text', text: 'hi' } } },
      });
    });

    it('refuses a call the policy denies, before the server sees it', async () => {
      expect(await harness.call('mcp_docs_wipe')).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { code: 'permission_denied' },
      });
    });
  });

  it('asks for approval under the default checker', async () => {
    const container = new Container();
    container.load(
      agentkitModule(),
      mcpServers({ servers: [{ id: 'docs', transport: { type: 'in_memory', server: echoServer() } }] }),
    );
    const executor: ToolExecutor = await container.getAsync(TOOL_EXECUTOR);
    try {
      const outcome = await executor.execute({
        callId: 'c1',
        toolName: 'mcp_docs_echo',
        input: { message: 'hi' },
        sessionId: 's',
        turnId: 't',
        metadata: {},
      });

      expect(outcome).toMatchObject({
        status: 'interrupted',
        interruption: {
          type: 'approval_required',
          approval: {
            requests: [
              { kind: 'mcp.invoke_tool', target: 'docs/echo', summary: 'call MCP tool "echo" on server "docs"' },
            ],
          },
        },
      });
    } finally {
      await container.get(MCP_CLIENT_REGISTRY).close();
    }
  });

  describe('name collisions', () => {
    async function resolve(load: (container: Container) => void): Promise<unknown> {
      const container = new Container();
      load(container);
      try {
        return await container.getAsync(TOOL_EXECUTOR);
      } catch (error) {
        return error;
      } finally {
        await container.get(MCP_CLIENT_REGISTRY).close();
      }
    }

    // Issue 9 changed these: a collision no longer rejects the executor; the remote tools are
    // left out and reported (see mcpServers.availability.test.ts for the observer and status).
    it('leaves out a remote tool that takes a local tool name, keeping the local one', async () => {
      const executor = await resolve((container) => {
        container.bind(ShadowTool).toSelf();
        container.load(
          agentkitModule(),
          mcpServers({ servers: [{ id: 'docs', transport: { type: 'in_memory', server: echoServer() } }] }),
        );
      });

      expect((executor as ToolExecutor).specs().map((spec) => [spec.name, spec.description])).toStrictEqual([
        ['mcp_docs_echo', 'A local tool that takes a remote tool name.'],
        ['mcp_docs_wipe', 'The wipe fixture tool.'],
      ]);
    });

    it('leaves out both remote tools whose names sanitize alike', async () => {
      const server = createToolServer([
        fixtureTool('a.b', () => text('1')),
        fixtureTool('A_B', () => text('2')),
      ]).server;
      const executor = await resolve((container) => {
        container.load(
          agentkitModule(),
          mcpServers({ servers: [{ id: 'x', transport: { type: 'in_memory', server } }] }),
        );
      });

      expect((executor as ToolExecutor).specs()).toStrictEqual([]);
    });
  });
});
