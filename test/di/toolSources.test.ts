import { describe, expect, it } from '@jest/globals';
import { Container } from 'inversify';
import {
  agentkitModule,
  buildToolResult,
  Tool,
  TOOL_EXECUTOR,
  TOOL_SOURCE,
  ToolConfigurationError,
  type ToolExecutionOutcome,
  type ToolRequest,
  type ToolResult,
  type ToolSource,
  type ToolSpec,
} from '../../src/index.js';
import type { JsonObject } from '../../src/values/JsonValue.js';
import { buildRequest, flushPromises } from './fixtures.js';

function buildSpec(
  name: string,
  inputSchema: JsonObject = { type: 'object', properties: {}, additionalProperties: false },
): ToolSpec {
  return {
    name: name as ToolSpec['name'],
    description: `The ${name} tool.`,
    inputSchema,
    annotations: {},
    metadata: {},
  };
}

/** A plain-object tool that answers with its name. */
function buildTool(name: string, inputSchema?: JsonObject): Tool {
  return {
    spec: buildSpec(name, inputSchema),
    invoke: (request: ToolRequest): Promise<ToolResult> =>
      Promise.resolve(buildToolResult(request, { type: 'text', text: `from ${name}` })),
  };
}

/** A source whose tool set the test changes, announcing each change to its listeners. */
class MutableSource implements ToolSource {
  public readonly listeners = new Set<() => void>();

  public constructor(
    public readonly id: string,
    public tools: Tool[],
  ) {}

  public loadTools(): Promise<readonly Tool[]> {
    return Promise.resolve(this.tools);
  }

  public onToolsChanged(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  public change(tools: Tool[]): void {
    this.tools = tools;
    for (const listener of this.listeners) listener();
  }
}

@Tool({ name: 'search', description: 'Searches locally.' })
class SearchTool {
  public invoke(): string {
    return 'local';
  }
}

function containerWith(...sources: ToolSource[]): Container {
  const container = new Container();
  for (const source of sources) container.bind(TOOL_SOURCE).toConstantValue(source);
  container.load(agentkitModule());
  return container;
}

function textOf(outcome: ToolExecutionOutcome): unknown {
  if (outcome.status !== 'completed') return outcome;
  const { output } = outcome.result.result;
  return output.type === 'text' ? output.text : output;
}

describe(agentkitModule.name, () => {
  describe('TOOL_SOURCE', () => {
    it('adds the tools of every bound source', async () => {
      const container = containerWith(
        { id: 'alpha', loadTools: () => [buildTool('alpha.one'), buildTool('alpha.two')] },
        { id: 'beta', loadTools: () => Promise.resolve([buildTool('beta.one')]) },
      );
      const executor = await container.getAsync(TOOL_EXECUTOR);
      expect(executor.specs().map((spec) => spec.name)).toStrictEqual(['alpha.one', 'alpha.two', 'beta.one']);
    });

    it('lists source tools next to bound classes', async () => {
      const container = new Container();
      container.bind(SearchTool).toSelf();
      container.bind(TOOL_SOURCE).toConstantValue({ id: 'alpha', loadTools: () => [buildTool('alpha.one')] });
      container.load(agentkitModule());
      expect((await container.getAsync(TOOL_EXECUTOR)).specs().map((spec) => spec.name)).toStrictEqual([
        'alpha.one',
        'search',
      ]);
    });

    it('runs a source tool', async () => {
      const executor = await containerWith({ id: 'alpha', loadTools: () => [buildTool('alpha.one')] }).getAsync(
        TOOL_EXECUTOR,
      );
      expect(textOf(await executor.execute(buildRequest('alpha.one')))).toBe('from alpha.one');
    });

    it('runs a source tool that is a class instance with its methods on the prototype', async () => {
      class ProxyTool {
        public readonly spec = buildSpec('proxy.call');

        public invoke(request: ToolRequest): Promise<ToolResult> {
          return Promise.resolve(buildToolResult(request, { type: 'text', text: `proxied ${this.spec.name}` }));
        }
      }
      const executor = await containerWith({ id: 'proxy', loadTools: () => [new ProxyTool()] }).getAsync(TOOL_EXECUTOR);
      expect(textOf(await executor.execute(buildRequest('proxy.call')))).toBe('proxied proxy.call');
    });

    it('runs a source tool that keeps its state in private fields', async () => {
      class SessionTool {
        readonly #session = 'session-42';
        public readonly spec = buildSpec('remote.whoami');

        public invoke(request: ToolRequest): Promise<ToolResult> {
          return Promise.resolve(buildToolResult(request, { type: 'text', text: this.#session }));
        }
      }
      const executor = await containerWith({ id: 'remote', loadTools: () => [new SessionTool()] }).getAsync(
        TOOL_EXECUTOR,
      );
      expect(textOf(await executor.execute(buildRequest('remote.whoami')))).toBe('session-42');
    });

    it('rejects with ToolConfigurationError when a source tool takes a class tool name, naming both', async () => {
      const container = new Container();
      container.bind(SearchTool).toSelf();
      container.bind(TOOL_SOURCE).toConstantValue({ id: 'mcp server github', loadTools: () => [buildTool('search')] });
      container.load(agentkitModule());
      const rejection = container.getAsync(TOOL_EXECUTOR);
      await expect(rejection).rejects.toThrow(ToolConfigurationError);
      await expect(rejection).rejects.toThrow(
        'Duplicate tool name "search": registered by class SearchTool and again by mcp server github. Rename one of them; tool names must be unique.',
      );
    });

    it('rejects when two sources offer the same name, naming both sources', async () => {
      const container = containerWith(
        { id: 'alpha', loadTools: () => [buildTool('shared')] },
        { id: 'beta', loadTools: () => [buildTool('shared')] },
      );
      await expect(container.getAsync(TOOL_EXECUTOR)).rejects.toThrow('registered by alpha and again by beta.');
    });

    it('rejects with ToolConfigurationError naming a source whose loadTools throws', async () => {
      const container = containerWith({
        id: 'flaky',
        loadTools: () => {
          throw new Error('connection refused');
        },
      });
      const rejection = container.getAsync(TOOL_EXECUTOR);
      await expect(rejection).rejects.toThrow(ToolConfigurationError);
      await expect(rejection).rejects.toThrow('Tool source "flaky" failed to load its tools: connection refused');
    });

    it('rejects naming a source whose loadTools rejects', async () => {
      const container = containerWith({ id: 'slow', loadTools: () => Promise.reject(new Error('timed out')) });
      await expect(container.getAsync(TOOL_EXECUTOR)).rejects.toThrow(
        'Tool source "slow" failed to load its tools: timed out',
      );
    });

    it('keeps the cause of a failed load', async () => {
      const cause = new Error('connection refused');
      const container = containerWith({
        id: 'flaky',
        loadTools: () => {
          throw cause;
        },
      });
      const error: unknown = await container.getAsync(TOOL_EXECUTOR).catch((thrown: unknown) => thrown);
      expect((error as Error).cause).toBe(cause);
    });

    it('rejects a source tool with an invalid name', async () => {
      const container = containerWith({ id: 'alpha', loadTools: () => [buildTool('Not Valid')] });
      await expect(container.getAsync(TOOL_EXECUTOR)).rejects.toThrow(/^alpha: invalid tool name/);
    });

    describe('onToolsChanged', () => {
      it('subscribes once per source when the executor is created', async () => {
        const source = new MutableSource('live', [buildTool('live.one')]);
        await containerWith(source).getAsync(TOOL_EXECUTOR);
        expect(source.listeners.size).toBe(1);
      });

      it('makes specs() reflect the new tool set', async () => {
        const source = new MutableSource('live', [buildTool('live.one')]);
        const executor = await containerWith(source).getAsync(TOOL_EXECUTOR);
        source.change([buildTool('live.two'), buildTool('live.three')]);
        await flushPromises();
        expect(executor.specs().map((spec) => spec.name)).toStrictEqual(['live.three', 'live.two']);
      });

      it('runs a tool added by a change', async () => {
        const source = new MutableSource('live', []);
        const executor = await containerWith(source).getAsync(TOOL_EXECUTOR);
        source.change([buildTool('live.new')]);
        await flushPromises();
        expect(textOf(await executor.execute(buildRequest('live.new')))).toBe('from live.new');
      });

      it('answers not_found for a tool removed by a change', async () => {
        const source = new MutableSource('live', [buildTool('live.old')]);
        const executor = await containerWith(source).getAsync(TOOL_EXECUTOR);
        source.change([]);
        await flushPromises();
        const outcome = await executor.execute(buildRequest('live.old'));
        expect(
          outcome.status === 'failed' ? { code: outcome.error.code, invoked: outcome.invoked } : outcome,
        ).toStrictEqual({ code: 'not_found', invoked: false });
      });

      it('keeps the class tools and the other sources after a change', async () => {
        const live = new MutableSource('live', [buildTool('live.one')]);
        const container = new Container();
        container.bind(SearchTool).toSelf();
        container.bind(TOOL_SOURCE).toConstantValue(live);
        container.bind(TOOL_SOURCE).toConstantValue({ id: 'fixed', loadTools: () => [buildTool('fixed.one')] });
        container.load(agentkitModule());
        const executor = await container.getAsync(TOOL_EXECUTOR);
        live.change([buildTool('live.two')]);
        await flushPromises();
        expect(executor.specs().map((spec) => spec.name)).toStrictEqual(['fixed.one', 'live.two', 'search']);
      });

      it('keeps serving the last good tool set when a change brings a duplicate name', async () => {
        const source = new MutableSource('live', [buildTool('live.one')]);
        const executor = await containerWith(source).getAsync(TOOL_EXECUTOR);
        source.change([buildTool('dup'), buildTool('dup')]);
        await flushPromises();
        expect(executor.specs().map((spec) => spec.name)).toStrictEqual(['live.one']);
      });

      it('ends with the latest tool set when it changes while a reload runs (reloads never overlap)', async () => {
        const releases: (() => void)[] = [];
        let current: Tool[] = [buildTool('v.one')];
        let listener: (() => void | Promise<void>) | undefined;
        const source: ToolSource = {
          id: 'bursty',
          loadTools: () => {
            const snapshot = current;
            // The initial load answers at once; each reload waits until the test releases it.
            if (listener === undefined) return snapshot;
            return new Promise<readonly Tool[]>((resolve) =>
              releases.push(() => {
                resolve(snapshot);
              }),
            );
          },
          onToolsChanged: (next) => {
            listener = next;
            return () => undefined;
          },
        };
        const executor = await containerWith(source).getAsync(TOOL_EXECUTOR);
        current = [buildTool('v.two')];
        void listener?.();
        current = [buildTool('v.three')];
        void listener?.();
        void listener?.();
        await flushPromises();
        const startedWhileFirstRan = releases.length;
        releases[0]?.();
        await flushPromises();
        releases[1]?.();
        await flushPromises();
        expect({
          startedWhileFirstRan,
          reloads: releases.length,
          names: executor.specs().map((spec) => spec.name),
        }).toStrictEqual({
          startedWhileFirstRan: 1,
          reloads: 2,
          names: ['v.three'],
        });
      });

      it('reflects a change whose tools carry a schema with an $id', async () => {
        const schema = (): JsonObject => ({ $id: 'https://example.com/schemas/live-input', type: 'object' });
        const source = new MutableSource('live', [buildTool('live.one', schema())]);
        const executor = await containerWith(source).getAsync(TOOL_EXECUTOR);
        source.change([buildTool('live.one', schema()), buildTool('live.two')]);
        await flushPromises();
        expect(executor.specs().map((spec) => spec.name)).toStrictEqual(['live.one', 'live.two']);
      });
    });
  });
});
