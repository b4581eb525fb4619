import { describe, expect, it } from '@jest/globals';
import { Container } from 'inversify';
import {
  agentkitModule,
  buildToolResult,
  EXECUTOR_OBSERVER,
  TOOL_EXECUTOR,
  TOOL_SOURCE,
  type ExecutorObserver,
  type Tool,
  type ToolRequest,
  type ToolResult,
  type ToolSource,
  type ToolSpec,
} from '../../src/index.js';

function buildTool(name: string): Tool {
  const spec: ToolSpec = {
    name: name as ToolSpec['name'],
    description: `The ${name} tool.`,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    annotations: {},
    metadata: {},
  };
  return {
    spec,
    invoke: (request: ToolRequest): Promise<ToolResult> =>
      Promise.resolve(buildToolResult(request, { type: 'text', text: name })),
  };
}

/** A source that records what the executor does with it. */
class RecordingSource implements ToolSource {
  public readonly events: string[] = [];
  #markClosed: () => void = () => undefined;
  /** Resolves once `close()` was called. */
  public readonly closed = new Promise<void>((resolve) => (this.#markClosed = resolve));
  #listener: (() => void | Promise<void>) | undefined;

  public constructor(
    public readonly id: string,
    public tools: () => readonly Tool[],
    public readonly optional = false,
  ) {}

  public loadTools(): readonly Tool[] {
    return this.tools();
  }

  public onToolsChanged(listener: () => void | Promise<void>): () => void {
    this.#listener = listener;
    return () => {
      this.events.push('unsubscribed');
      this.#listener = undefined;
    };
  }

  public onToolsOmitted(errors: readonly Error[]): void {
    this.events.push(`omitted ${errors.length}`);
  }

  /** Announces a change and resolves when the executor's reload is done. */
  public async change(tools: () => readonly Tool[]): Promise<void> {
    this.tools = tools;
    await this.#listener?.();
  }

  public close(): void | Promise<void> {
    this.events.push('closed');
    this.#markClosed();
  }
}

/** A source whose close takes a while (a connection's goodbye, a process's exit). */
class SlowClosingSource extends RecordingSource {
  public override async close(): Promise<void> {
    this.events.push('closing');
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.events.push('closed');
  }
}

function setUp(observer: ExecutorObserver, ...sources: ToolSource[]): Container {
  const container = new Container();
  container.bind(EXECUTOR_OBSERVER).toConstantValue(observer);
  for (const source of sources) container.bind(TOOL_SOURCE).toConstantValue(source);
  container.load(agentkitModule());
  return container;
}

describe('agentkitModule tool sources', () => {
  describe('optional sources', () => {
    it('resolve the executor without the tools of an optional source whose load throws, and the observer hears why', async () => {
      const heard: [string, string][] = [];
      const broken = new RecordingSource(
        'remote',
        () => {
          throw new Error('refused');
        },
        true,
      );
      const fine = new RecordingSource('fine', () => [buildTool('fine_one')]);
      const executor = await setUp(
        { onSourceError: (id, error) => heard.push([id, error.message]) },
        broken,
        fine,
      ).getAsync(TOOL_EXECUTOR);

      expect({ names: executor.specs().map((spec) => spec.name), heard }).toStrictEqual({
        names: ['fine_one'],
        heard: [['remote', 'refused']],
      });
    });

    it('survive an observer that throws', async () => {
      const broken = new RecordingSource('remote', () => [buildTool('Bad Name')], true);
      const observer: ExecutorObserver = {
        onSourceError: () => {
          throw new Error('observer bug');
        },
      };
      const executor = await setUp(observer, broken).getAsync(TOOL_EXECUTOR);

      expect({ names: executor.specs(), events: broken.events }).toStrictEqual({ names: [], events: ['omitted 1'] });
    });
  });

  describe('a reload that fails', () => {
    it('keeps the last good tool set and reaches the observer', async () => {
      const heard: [string, string][] = [];
      const source = new RecordingSource('live', () => [buildTool('live_one')]);
      const executor = await setUp({ onSourceError: (id, error) => heard.push([id, error.name]) }, source).getAsync(
        TOOL_EXECUTOR,
      );

      await source.change(() => [buildTool('dup'), buildTool('dup')]);

      expect({ names: executor.specs().map((spec) => spec.name), heard }).toStrictEqual({
        names: ['live_one'],
        heard: [['registry reload', 'ToolConfigurationError']],
      });
    });

    it('of a required source whose loadTools throws: the observer hears the source named and the cause kept', async () => {
      const heard: Error[] = [];
      const source = new RecordingSource('live', () => [buildTool('live_one')]);
      const executor = await setUp({ onSourceError: (_id, error) => heard.push(error) }, source).getAsync(
        TOOL_EXECUTOR,
      );
      const cause = new Error('server went away');

      await source.change(() => {
        throw cause;
      });

      expect({
        names: executor.specs().map((spec) => spec.name),
        heard: heard.map((error) => ({ name: error.name, message: error.message, cause: error.cause })),
      }).toStrictEqual({
        names: ['live_one'],
        heard: [
          {
            name: 'ToolConfigurationError',
            message: 'Tool source "live" failed to load its tools: server went away',
            cause,
          },
        ],
      });
    });

    it('of an optional source whose loadTools throws: the observer hears the source id, and its tools leave', async () => {
      const heard: [string, string][] = [];
      const remote = new RecordingSource('remote', () => [buildTool('remote_one')], true);
      const fine = new RecordingSource('fine', () => [buildTool('fine_one')]);
      const executor = await setUp(
        { onSourceError: (id, error) => heard.push([id, error.message]) },
        remote,
        fine,
      ).getAsync(TOOL_EXECUTOR);

      await remote.change(() => {
        throw new Error('refused');
      });

      expect({ names: executor.specs().map((spec) => spec.name), heard }).toStrictEqual({
        names: ['fine_one'],
        heard: [['remote', 'refused']],
      });
    });

    it('settles the change listener even when the observer throws, and later reloads still run', async () => {
      const source = new RecordingSource('live', () => [buildTool('live_one')]);
      const observer: ExecutorObserver = {
        onSourceError: () => {
          throw new Error('observer bug');
        },
      };
      const executor = await setUp(observer, source).getAsync(TOOL_EXECUTOR);

      const failed = source.change(() => [buildTool('dup'), buildTool('dup')]);
      await expect(failed).resolves.toBeUndefined();
      await source.change(() => [buildTool('live_two')]);

      expect(executor.specs().map((spec) => spec.name)).toStrictEqual(['live_two']);
    });
  });

  describe('close', () => {
    it('executor.close() unsubscribes from every source and closes it, once', async () => {
      const source = new RecordingSource('live', () => [buildTool('live_one')]);
      const executor = await setUp({}, source).getAsync(TOOL_EXECUTOR);

      await Promise.all([executor.close(), executor.close()]);
      await executor[Symbol.asyncDispose]();

      expect(source.events).toStrictEqual(['unsubscribed', 'closed']);
    });

    it('container.unbindAllAsync() closes the executor it resolved; awaiting executor.close() waits for the sources', async () => {
      const source = new SlowClosingSource('slow', () => [buildTool('slow_one')]);
      const container = setUp({}, source);
      const executor = await container.getAsync(TOOL_EXECUTOR);

      await container.unbindAllAsync();
      const started = [...source.events];
      await executor.close();

      expect({ started, done: source.events }).toStrictEqual({
        started: ['unsubscribed', 'closing'],
        done: ['unsubscribed', 'closing', 'closed'],
      });
    });

    it('container.unbindAll() closes the executor it resolved', async () => {
      const source = new RecordingSource('live', () => [buildTool('live_one')]);
      const container = setUp({}, source);
      await container.getAsync(TOOL_EXECUTOR);

      container.unbindAll();
      await source.closed;

      expect(source.events).toStrictEqual(['unsubscribed', 'closed']);
    });
  });
});
