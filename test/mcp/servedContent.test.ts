import 'reflect-metadata';
import { afterEach, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  ResourceUpdatedNotificationSchema,
  type ResourceUpdatedNotification,
} from '@modelcontextprotocol/sdk/types.js';
import { Container, inject } from 'inversify';
import {
  agentkitModule,
  Tool,
  TOOL_EXECUTOR,
  ToolConfigurationError,
  ToolDefinitionError,
  type Constructor,
} from 'agentkit-tools-core';
import {
  Prompt,
  Resource,
  ResourceTemplate,
  servedContent,
  serveTools,
  type PromptGetResult,
  type ResourceChangeListener,
} from 'agentkit-tools-core/mcp';

const GREETING = Symbol('greeting');

@Tool({ name: 'noop', description: 'Does nothing.' })
class NoopTool {
  invoke(): string {
    return 'ok';
  }
}

@Resource({ uri: 'memo://board', name: 'board', mimeType: 'text/plain', description: 'A board that changes.' })
class Board {
  readonly #listeners = new Set<ResourceChangeListener>();
  text = 'empty';

  read(): string {
    return this.text;
  }

  subscribe(changed: ResourceChangeListener): () => void {
    this.#listeners.add(changed);
    return () => this.#listeners.delete(changed);
  }

  write(text: string): void {
    this.text = text;
    for (const changed of this.#listeners) changed();
  }

  get listeners(): number {
    return this.#listeners.size;
  }
}

@ResourceTemplate({ uriTemplate: 'memo://notes/{name}', name: 'note' })
class Note {
  read(uri: string, { name }: Readonly<Record<string, string>>): { uri: string; blob: string } {
    return { uri, blob: Buffer.from(`note ${name ?? ''}`).toString('base64') };
  }

  complete(argument: string, value: string): readonly string[] {
    return Array.from({ length: 150 }, (_, index) => `${argument}-${index}`).filter((name) => name.startsWith(value));
  }
}

@Prompt({
  name: 'greet',
  description: 'Greets someone.',
  arguments: [
    { name: 'who', required: true },
    { name: 'style', description: 'formal or not' },
  ],
})
class Greet {
  public constructor(@inject(GREETING) private readonly greeting: string) {}

  get({ who, style }: Readonly<Record<string, string>>): PromptGetResult {
    return {
      description: 'A greeting',
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: `${this.greeting}, ${who ?? ''}${style === 'formal' ? '.' : '!'}` },
        },
        { role: 'assistant', content: { type: 'resource', uri: 'memo://board', text: 'attached' } },
      ],
    };
  }
}

@Prompt({ name: 'broken', description: 'Answers what is not a prompt.' })
class Broken {
  get(): PromptGetResult {
    return { nope: true } as unknown as PromptGetResult;
  }
}

let close: (() => Promise<void>) | undefined;

afterEach(async () => {
  await close?.();
  close = undefined;
});

async function connect(classes: readonly Constructor<object>[]): Promise<{
  client: Client;
  container: Container;
}> {
  const container = new Container();
  container.bind(GREETING).toConstantValue('Hello');
  container.bind(NoopTool).toSelf();
  for (const served of classes) container.bind(served).toSelf().inSingletonScope();
  container.load(agentkitModule());
  const executor = await container.getAsync(TOOL_EXECUTOR);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = await serveTools(executor, serverSide, { content: servedContent(container) });
  const client = new Client({ name: 'served-content-test', version: '1.0.0' });
  await client.connect(clientSide);
  close = async () => {
    await client.close();
    await server.close();
    await container.unbindAllAsync();
  };
  return { client, container };
}

describe('servedContent + serveTools', () => {
  it('declares resources (with subscribe), prompts and completions beside tools', async () => {
    const { client } = await connect([Board, Note, Greet]);
    expect(client.getServerCapabilities()).toMatchObject({
      tools: {},
      resources: { subscribe: true },
      prompts: {},
      completions: {},
    });
  });

  it('declares neither resources nor prompts when the container binds none of the classes', async () => {
    const { client } = await connect([]);
    const capabilities = client.getServerCapabilities();
    expect([capabilities?.resources, capabilities?.prompts, capabilities?.completions]).toStrictEqual([
      undefined,
      undefined,
      undefined,
    ]);
    await expect(client.listResources()).rejects.toThrow(/Method not found/u);
  });

  it('lists and reads resources and templates; a template read gets its variables', async () => {
    const { client } = await connect([Board, Note]);
    expect((await client.listResources()).resources).toStrictEqual([
      { uri: 'memo://board', name: 'board', description: 'A board that changes.', mimeType: 'text/plain' },
    ]);
    expect((await client.listResourceTemplates()).resourceTemplates).toStrictEqual([
      { uriTemplate: 'memo://notes/{name}', name: 'note' },
    ]);
    expect((await client.readResource({ uri: 'memo://board' })).contents).toStrictEqual([
      { uri: 'memo://board', mimeType: 'text/plain', text: 'empty' },
    ]);
    expect((await client.readResource({ uri: 'memo://notes/todo' })).contents).toStrictEqual([
      { uri: 'memo://notes/todo', blob: Buffer.from('note todo').toString('base64') },
    ]);
  });

  it('answers an unknown URI with MCP resource-not-found (-32002)', async () => {
    const { client } = await connect([Board]);
    await expect(client.readResource({ uri: 'memo://nowhere' })).rejects.toMatchObject({ code: -32002 });
    await expect(client.subscribeResource({ uri: 'memo://nowhere' })).rejects.toMatchObject({ code: -32002 });
  });

  it('sends notifications/resources/updated to a subscribed session when the class announces a change, and stops after unsubscribe', async () => {
    const { client, container } = await connect([Board]);
    const board = container.get(Board);
    const updates: ResourceUpdatedNotification['params'][] = [];
    let heard: () => void = () => undefined;
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
      updates.push(notification.params);
      heard();
    });
    await client.subscribeResource({ uri: 'memo://board' });
    await client.subscribeResource({ uri: 'memo://board' });
    expect(board.listeners).toBe(1);

    const arrived = new Promise<void>((resolve) => (heard = resolve));
    board.write('first');
    await arrived;
    expect(updates).toStrictEqual([{ uri: 'memo://board' }]);
    expect((await client.readResource({ uri: 'memo://board' })).contents[0]).toMatchObject({ text: 'first' });

    await client.unsubscribeResource({ uri: 'memo://board' });
    expect(board.listeners).toBe(0);
    board.write('second');
    // A request after the write: had a notification been sent, it would have arrived before its answer.
    await client.ping();
    expect(updates).toHaveLength(1);
  });

  it('ends a session’s subscriptions when the session closes', async () => {
    const { client, container } = await connect([Board]);
    await client.subscribeResource({ uri: 'memo://board' });
    expect(container.get(Board).listeners).toBe(1);
    await client.close();
    expect(container.get(Board).listeners).toBe(0);
  });

  it('lists prompts with their arguments and renders them, content parts as MCP blocks (the class built with its dependencies)', async () => {
    const { client } = await connect([Greet]);
    expect((await client.listPrompts()).prompts).toStrictEqual([
      {
        name: 'greet',
        description: 'Greets someone.',
        arguments: [
          { name: 'who', required: true },
          { name: 'style', description: 'formal or not' },
        ],
      },
    ]);
    expect(await client.getPrompt({ name: 'greet', arguments: { who: 'Ada', style: 'formal' } })).toStrictEqual({
      description: 'A greeting',
      messages: [
        { role: 'user', content: { type: 'text', text: 'Hello, Ada.' } },
        { role: 'assistant', content: { type: 'resource', resource: { uri: 'memo://board', text: 'attached' } } },
      ],
    });
  });

  it('refuses a prompt call without a required argument, with an unknown one, or for an unknown prompt (invalid params)', async () => {
    const { client } = await connect([Greet]);
    await expect(client.getPrompt({ name: 'greet' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('needs the argument(s) who'),
    });
    await expect(client.getPrompt({ name: 'greet', arguments: { who: 'a', tone: 'x' } })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('"tone"'),
    });
    await expect(client.getPrompt({ name: 'nope' })).rejects.toMatchObject({ code: -32602 });
  });

  it('answers a class that renders something else with an internal error naming the class', async () => {
    const { client } = await connect([Broken]);
    await expect(client.getPrompt({ name: 'broken' })).rejects.toMatchObject({
      code: -32603,
      message: expect.stringContaining('class Broken.get() answered neither'),
    });
  });

  it('completes template variables (at most 100, with total and hasMore) and answers [] for a prompt without complete()', async () => {
    const { client } = await connect([Note, Greet]);
    const { completion } = await client.complete({
      ref: { type: 'ref/resource', uri: 'memo://notes/{name}' },
      argument: { name: 'name', value: 'name-1' },
    });
    // name-1, name-10 ... name-19, name-100 ... name-149
    expect([
      completion.values.length,
      completion.values[0],
      completion.values[11],
      completion.total,
      completion.hasMore,
    ]).toStrictEqual([61, 'name-1', 'name-100', 61, false]);
    const many = await client.complete({
      ref: { type: 'ref/resource', uri: 'memo://notes/{name}' },
      argument: { name: 'name', value: '' },
    });
    expect([many.completion.values.length, many.completion.total, many.completion.hasMore]).toStrictEqual([
      100,
      150,
      true,
    ]);
    expect(
      (await client.complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'who', value: 'A' } }))
        .completion.values,
    ).toStrictEqual([]);
  });
});

describe('the decorators and discovery refuse mistakes up front', () => {
  it('refuses a @Resource without read(), with a relative URI, or with an unknown option', () => {
    expect(() => {
      Resource({ uri: 'memo://x', name: 'x' })(class NoRead {} as never);
    }).toThrow(ToolDefinitionError);
    expect(() => {
      Resource({ uri: 'relative/path', name: 'x' })(
        class {
          read(): string {
            return '';
          }
        },
      );
    }).toThrow(/must be an absolute URI/u);
    expect(() => {
      Resource({ uri: 'memo://x', name: 'x', mime: 'text/plain' } as never)(
        class {
          read(): string {
            return '';
          }
        },
      );
    }).toThrow(/mime/u);
  });

  it('refuses a @ResourceTemplate whose template does not parse and a @Prompt argument declared twice', () => {
    expect(() => {
      ResourceTemplate({ uriTemplate: 'memo://{unclosed', name: 'x' })(
        class {
          read(): string {
            return '';
          }
        },
      );
    }).toThrow(ToolDefinitionError);
    expect(() => {
      Prompt({ name: 'p', arguments: [{ name: 'a' }, { name: 'a' }] })(
        class {
          get(): string {
            return '';
          }
        },
      );
    }).toThrow(/declared twice/u);
  });

  it('refuses two bound classes serving the same URI, naming both', () => {
    @Resource({ uri: 'memo://board', name: 'other-board' })
    class OtherBoard {
      read(): string {
        return 'other';
      }
    }
    const container = new Container();
    container.bind(Board).toSelf();
    container.bind(OtherBoard).toSelf();
    expect(() => servedContent(container)).toThrow(ToolConfigurationError);
    expect(() => servedContent(container)).toThrow(
      /class Board and class OtherBoard|class OtherBoard and class Board/u,
    );
  });

  it('names a bound class that cannot be built', () => {
    const container = new Container();
    container.bind(Greet).toSelf();
    expect(() => servedContent(container)).toThrow(/prompt class Greet is bound but cannot be built/u);
  });

  it('refuses serveTools content that servedContent did not build', async () => {
    const container = new Container();
    container.bind(NoopTool).toSelf();
    container.load(agentkitModule());
    const executor = await container.getAsync(TOOL_EXECUTOR);
    const [, serverSide] = InMemoryTransport.createLinkedPair();
    await expect(
      serveTools(executor, serverSide, { content: { resources: {}, prompts: {} } as never }),
    ).rejects.toThrow(/servedContent\(container\)/u);
    await container.unbindAllAsync();
  });
});
