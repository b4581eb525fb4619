import { afterEach, describe, expect, it } from '@jest/globals';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { EXECUTOR_OBSERVER, Tool, type ExecutorObserver } from '../../src/index.js';
import { mcpServers, type McpServersOptions } from '../../src/mcp/index.js';
import { createMcpHarness, getOutput, type McpHarness } from './fixtures/createMcpHarness.js';
import { createToolServer, fixtureTool, text } from './fixtures/createToolServer.js';

@Tool({ name: 'local_echo', description: 'A built-in tool that must survive any remote server.' })
class LocalEchoTool {
  public invoke(): string {
    return 'local';
  }
}

@Tool({ name: 'mcp_docs_echo', description: 'A local tool that takes a remote tool name.' })
class ShadowTool {
  public invoke(): string {
    return 'local shadow';
  }
}

/** An observer that records every `onSourceError` and lets a test await the next ones. */
class RecordingObserver implements ExecutorObserver {
  public readonly errors: { readonly sourceId: string; readonly name: string; readonly message: string }[] = [];
  #waiters: { readonly count: number; readonly resolve: () => void }[] = [];

  public onSourceError(sourceId: string, error: Error): void {
    this.errors.push({ sourceId, name: error.name, message: error.message });
    this.#waiters = this.#waiters.filter((waiter) => {
      if (this.errors.length < waiter.count) return true;
      waiter.resolve();
      return false;
    });
  }

  /** Resolves once `count` errors in all were heard. */
  public waitFor(count: number): Promise<void> {
    if (this.errors.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ count, resolve }));
  }
}

const inMemory = (id: string, server: Server): McpServersOptions['servers'][number] => ({
  id,
  transport: { type: 'in_memory', server },
});

describe(`${mcpServers.name} with a hostile or broken server`, () => {
  let harness: McpHarness | undefined;
  let observer: RecordingObserver;

  async function start(options: McpServersOptions, ...classes: (new () => object)[]): Promise<McpHarness> {
    observer = new RecordingObserver();
    harness = await createMcpHarness(options, {
      bind: (container) => {
        container.bind(EXECUTOR_OBSERVER).toConstantValue(observer);
        for (const cls of classes) container.bind(cls).toSelf();
      },
    });
    return harness;
  }

  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  describe('names that collide after sanitizing', () => {
    it('leaves out both tools of each colliding pair, keeps the rest of the server and the built-ins', async () => {
      const server = createToolServer([
        fixtureTool('Foo', () => text('1')),
        fixtureTool('foo', () => text('2')),
        fixtureTool('a.b', () => text('3')),
        fixtureTool('a_b', () => text('4')),
        fixtureTool('fine', () => text('5')),
      ]).server;
      const started = await start({ servers: [inMemory('x', server)] }, LocalEchoTool);

      expect(started.executor.specs().map((spec) => spec.name)).toStrictEqual(['local_echo', 'mcp_x_fine']);
      expect(getOutput(await started.call('mcp_x_fine')).output).toStrictEqual({ type: 'text', text: '5' });
    });

    it('reports each left-out tool to the observer, naming both tools', async () => {
      const server = createToolServer([
        fixtureTool('Foo', () => text('1')),
        fixtureTool('foo', () => text('2')),
      ]).server;
      await start({ servers: [inMemory('x', server)] });

      const message =
        'Tool name "mcp_x_foo" is offered by mcp server x (tool "Foo") and mcp server x (tool "foo"): all of them are left out, since names must be unique. Rename the tools on their servers, or give the servers ids that cannot collide.';
      expect(observer.errors).toStrictEqual([
        { sourceId: 'mcp server x', name: 'ToolConfigurationError', message },
        { sourceId: 'mcp server x', name: 'ToolConfigurationError', message },
      ]);
    });

    it('reports the server as degraded in status()', async () => {
      const server = createToolServer([
        fixtureTool('a.b', () => text('1')),
        fixtureTool('A_B', () => text('2')),
        fixtureTool('fine', () => text('3')),
      ]).server;
      const { registry } = await start({ servers: [inMemory('x', server)] });

      const status = registry.status();
      expect(status.map(({ id, state }) => ({ id, state }))).toStrictEqual([{ id: 'x', state: 'degraded' }]);
      expect(status[0]?.error).toMatchObject({
        name: 'ToolConfigurationError',
        message: expect.stringMatching(
          /^MCP server "x": 2 of its tools are left out\. Tool name "mcp_x_a_b" is offered by/u,
        ),
      });
    });

    it('leaves out both tools when two servers produce the same name', async () => {
      const first = createToolServer([fixtureTool('b_c', () => text('1')), fixtureTool('own', () => text('2'))]).server;
      const second = createToolServer([fixtureTool('c', () => text('3'))]).server;
      const { executor, registry } = await start({ servers: [inMemory('a', first), inMemory('a_b', second)] });

      expect({
        names: executor.specs().map((spec) => spec.name),
        states: registry.status().map(({ id, state }) => ({ id, state })),
        heardFrom: observer.errors.map((error) => error.sourceId),
      }).toStrictEqual({
        names: ['mcp_a_own'],
        states: [
          { id: 'a', state: 'degraded' },
          { id: 'a_b', state: 'degraded' },
        ],
        heardFrom: ['mcp server a', 'mcp server a_b'],
      });
    });

    it('leaves out a remote tool that takes a built-in name, and keeps the built-in', async () => {
      const server = createToolServer([fixtureTool('echo', () => text('remote'))]).server;
      const started = await start({ servers: [inMemory('docs', server)] }, ShadowTool);

      expect(started.executor.specs().map((spec) => spec.name)).toStrictEqual(['mcp_docs_echo']);
      expect(getOutput(await started.call('mcp_docs_echo')).output).toStrictEqual({
        type: 'text',
        text: 'local shadow',
      });
      expect(observer.errors).toStrictEqual([
        {
          sourceId: 'mcp server docs',
          name: 'ToolConfigurationError',
          message:
            'Tool name "mcp_docs_echo" of mcp server docs (tool "echo") is taken by class ShadowTool: the remote tool is left out. Rename it on its server, or give the server another id.',
        },
      ]);
    });
  });

  describe('a schema that does not compile', () => {
    const unresolvable = {
      type: 'object' as const,
      properties: { a: { $ref: 'https://schemas.example.invalid/a.json' } },
    };

    it('leaves out that tool only; the rest of the server and the built-ins serve', async () => {
      const server = createToolServer([
        fixtureTool('broken', () => text('1'), { inputSchema: unresolvable }),
        fixtureTool('fine', () => text('2')),
      ]).server;
      const { executor } = await start({ servers: [inMemory('x', server)] }, LocalEchoTool);

      expect(executor.specs().map((spec) => spec.name)).toStrictEqual(['local_echo', 'mcp_x_fine']);
    });

    it('reports the tool, naming the schema problem', async () => {
      const server = createToolServer([fixtureTool('broken', () => text('1'), { inputSchema: unresolvable })]).server;
      const { registry } = await start({ servers: [inMemory('x', server)] });

      expect(observer.errors).toStrictEqual([
        {
          sourceId: 'mcp server x',
          name: 'ToolDefinitionError',
          message: expect.stringContaining('https://schemas.example.invalid/a.json'),
        },
      ]);
      expect(registry.status()[0]).toMatchObject({ id: 'x', state: 'degraded' });
    });
  });

  describe('a server that cannot be reached', () => {
    const ghost = { id: 'ghost', transport: { type: 'stdio', command: '/nonexistent/mcp-server' } } as const;

    it('resolves the executor with the other servers and the built-ins', async () => {
      const server = createToolServer([fixtureTool('fine', () => text('2'))]).server;
      const { executor } = await start({ servers: [ghost, inMemory('x', server)] }, LocalEchoTool);

      expect(executor.specs().map((spec) => spec.name)).toStrictEqual(['local_echo', 'mcp_x_fine']);
    });

    it('reports it failed in status() and to the observer', async () => {
      const { registry } = await start({ servers: [ghost] });

      const message = expect.stringContaining('MCP server "ghost" cannot be reached for tools/list');
      expect(registry.status()).toStrictEqual([
        {
          id: 'ghost',
          state: 'failed',
          error: expect.objectContaining({ name: 'ToolError', code: 'unavailable', message }),
        },
      ]);
      expect(observer.errors).toStrictEqual([{ sourceId: 'mcp server ghost', name: 'ToolError', message }]);
    });

    it('answers not_found for its tools', async () => {
      const started = await start({ servers: [ghost] });

      expect(await started.call('mcp_ghost_anything')).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { code: 'not_found' },
      });
    });
  });

  describe('refresh()', () => {
    it('retries a server whose listing failed, and serves its tools once it answers', async () => {
      let ready = false;
      const server = new Server({ name: 'late', version: '1.0.0' }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, () => {
        if (!ready) throw new Error('still warming up');
        return { tools: [fixtureTool('ping', () => text('pong')).tool] };
      });
      server.setRequestHandler(CallToolRequestSchema, () => text('pong'));
      const { executor, registry } = await start({ servers: [inMemory('late', server)] });
      const before = {
        names: executor.specs().map((spec) => spec.name),
        states: registry.status().map(({ state }) => state),
      };

      ready = true;
      await registry.refresh();

      expect({
        before,
        after: { names: executor.specs().map((spec) => spec.name), status: registry.status() },
      }).toStrictEqual({
        before: { names: [], states: ['failed'] },
        after: { names: ['mcp_late_ping'], status: [{ id: 'late', state: 'ready' }] },
      });
    });

    it('clears a collision that the server fixed', async () => {
      const tools = createToolServer([fixtureTool('Foo', () => text('1')), fixtureTool('foo', () => text('2'))]);
      const { executor, registry } = await start({ servers: [inMemory('x', tools.server)] });

      await tools.setTools([fixtureTool('foo', () => text('2'))]);
      await registry.refresh();

      expect({ names: executor.specs().map((spec) => spec.name), status: registry.status() }).toStrictEqual({
        names: ['mcp_x_foo'],
        status: [{ id: 'x', state: 'ready' }],
      });
    });
  });

  describe('a reload after list_changed', () => {
    it('coalesces a storm of list_changed: one reload runs and one more waits, whatever the count', async () => {
      const storm = createToolServer([fixtureTool('one', () => text('1'))]);
      const bystander = new Server({ name: 'bystander', version: '1.0.0' }, { capabilities: { tools: {} } });
      let lists = 0;
      let gated = false;
      let release = (): void => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      bystander.setRequestHandler(ListToolsRequestSchema, async () => {
        lists++;
        if (gated) await gate;
        return { tools: [] };
      });
      const { registry } = await start({
        servers: [inMemory('storm', storm.server), inMemory('bystander', bystander)],
      });
      lists = 0;
      // the first reload cannot finish until every notification has arrived
      gated = true;

      await Promise.all(Array.from({ length: 200 }, () => storm.server.sendToolListChanged()));
      const done = registry.refresh();
      release();
      await done;

      // each reload lists every server: the one the storm started, and one for all that came meanwhile
      expect(lists).toBe(2);
    });

    it('reports a collision it brings to the observer and keeps the other tools', async () => {
      const tools = createToolServer([fixtureTool('one', () => text('1'))]);
      const { executor, registry } = await start({ servers: [inMemory('x', tools.server)] });

      await tools.setTools([
        fixtureTool('one', () => text('1')),
        fixtureTool('Two', () => text('2')),
        fixtureTool('two', () => text('2')),
      ]);
      await observer.waitFor(2);

      expect({
        names: executor.specs().map((spec) => spec.name),
        state: registry.status()[0]?.state,
        heard: observer.errors.map(({ sourceId, name }) => ({ sourceId, name })),
      }).toStrictEqual({
        names: ['mcp_x_one'],
        state: 'degraded',
        heard: [
          { sourceId: 'mcp server x', name: 'ToolConfigurationError' },
          { sourceId: 'mcp server x', name: 'ToolConfigurationError' },
        ],
      });
    });
  });
});
