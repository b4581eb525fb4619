import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getEventListeners } from 'node:events';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Container } from 'inversify';
import { agentkitModule, Tool, TOOL_EXECUTOR, type ToolContext, type ToolExecutor } from '../../src/index.js';
import { serveTools } from '../../src/mcp/index.js';

const EMPTY_INPUT = { type: 'object', properties: {}, additionalProperties: false } as const;

/** Runs until its signal aborts; says when it started, so the test aborts only then. */
@Tool({ name: 'wait_for_stop', description: 'Waits until cancelled.', input: EMPTY_INPUT })
class WaitForStopTool {
  public static started: () => void = () => undefined;

  public invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    WaitForStopTool.started();
    return new Promise((resolve) => {
      ctx.signal.addEventListener(
        'abort',
        () => {
          resolve('stopped');
        },
        { once: true },
      );
    });
  }
}

@Tool({ name: 'quick', description: 'Answers at once.', input: EMPTY_INPUT })
class QuickTool {
  public invoke(): string {
    return 'done';
  }
}

describe(`${serveTools.name} with a server-wide signal`, () => {
  let executor: ToolExecutor;
  let client: Client;
  const stop = new AbortController();

  beforeAll(async () => {
    const container = new Container();
    container.bind(WaitForStopTool).toSelf();
    container.bind(QuickTool).toSelf();
    container.load(agentkitModule());
    executor = await container.getAsync(TOOL_EXECUTOR);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await serveTools(executor, serverSide, { signal: stop.signal });
    client = new Client({ name: 'signal-test', version: '1.0.0' });
    await client.connect(clientSide);
  });

  afterAll(async () => {
    await client.close();
    await executor.close();
  });

  it('leaves no listener on the server-wide signal once calls are done', async () => {
    const results = await Promise.all([
      client.callTool({ name: 'quick', arguments: {} }),
      client.callTool({ name: 'quick', arguments: {} }),
    ]);

    expect(results.map((result) => (result as CallToolResult).isError)).toStrictEqual([undefined, undefined]);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  });

  it('cancels a call in flight when the server-wide signal aborts', async () => {
    const started = new Promise<void>((resolve) => (WaitForStopTool.started = resolve));
    const pending = client.callTool({ name: 'wait_for_stop', arguments: {} });
    await started;

    stop.abort(new Error('server stopping'));
    const result = (await pending) as CallToolResult;

    expect(result.isError).toBe(true);
    expect(result.content).toStrictEqual([{ type: 'text', text: expect.stringMatching(/^\[interrupted\]/u) }]);
  });
});
