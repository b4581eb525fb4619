import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  PermissionDecision,
  Tool,
  TOOL_EXECUTOR,
  type ToolExecutor,
} from '../../src/index.js';
import { serveHttp, type HttpServeHandle } from '../../src/mcp/index.js';
import { ResumableEvents } from '../../src/mcp/ResumableEvents.js';

const TOKEN = 'resumable-token-0123456789';

/** Calls wait here until the test releases them. */
const gate = {
  started: [] as (() => void)[],
  release: undefined as (() => void) | undefined,
};

@Tool({
  name: 'wait_for_release',
  description: 'Answers once the test releases it.',
  input: { type: 'object', properties: {}, additionalProperties: false },
})
class WaitForReleaseTool {
  public invoke(): Promise<string> {
    for (const started of gate.started.splice(0)) started();
    return new Promise((resolve) => {
      gate.release = () => {
        resolve('released');
      };
    });
  }
}

/** A TCP relay to `port` that records what clients send and can cut every connection at once. */
async function startRelay(
  port: number,
): Promise<{ url: string; sent: () => string; received: () => string; cut: () => void; close(): Promise<void> }> {
  const pairs = new Set<[Socket, Socket]>();
  let sent = '';
  let received = '';
  const relay: Server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.on('data', (chunk: Buffer) => (sent += chunk.toString('latin1')));
    upstream.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    client.pipe(upstream).pipe(client);
    const drop = (): void => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop).on('error', drop);
    upstream.on('close', drop).on('error', drop);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}/mcp`,
    sent: () => sent,
    received: () => received,
    cut: () => {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
    },
    close: () =>
      new Promise((resolve) => {
        for (const [client, upstream] of pairs) {
          client.destroy();
          upstream.destroy();
        }
        relay.close(() => {
          resolve();
        });
      }),
  };
}

describe('serveHttp resumable streams', () => {
  let executor: ToolExecutor;
  let served: HttpServeHandle;

  beforeAll(async () => {
    const container = new Container();
    container.bind(PERMISSION_CHECKER).toConstantValue({ evaluate: () => PermissionDecision.allow() });
    container.bind(WaitForReleaseTool).toSelf();
    container.load(agentkitModule());
    executor = await container.getAsync(TOOL_EXECUTOR);
    served = await serveHttp(executor, { host: '127.0.0.1', port: 0, token: TOKEN });
  });

  afterAll(async () => {
    await served.close(1000);
    await executor.close();
  });

  it('starts each call stream with a priming event and retry, and a client whose stream broke mid-call gets the answer it missed (Last-Event-ID)', async () => {
    const relay = await startRelay(served.port);
    const client = new Client({ name: 'resuming-client', version: '1.0.0' });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(relay.url), {
          requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
        }),
      );
      const primed = (): number => relay.received().split('retry: 1000\n').length - 1;
      const before = primed();
      const started = new Promise<void>((resolve) => gate.started.push(resolve));
      const call = client.callTool({ name: 'wait_for_release', arguments: {} });
      await started;
      // Once the client holds the stream's priming event (its resumption cursor):
      while (primed() === before) await new Promise((resolve) => setTimeout(resolve, 5));
      // The call's stream breaks while the tool runs; the answer comes while the client is away.
      relay.cut();
      gate.release?.();

      const result = await call;

      expect(result.content).toStrictEqual([{ type: 'text', text: 'released' }]);
      expect(relay.sent()).toMatch(/^last-event-id: \d+_[0-9a-f-]{36}\r$/imu);
      expect(relay.sent()).toMatch(/^GET \/mcp HTTP\/1\.1\r$/mu);
    } finally {
      await client.close();
      await relay.close();
    }
  });

  it('sends the priming event and retry first on a raw call stream, and replays nothing of one session to another', async () => {
    const headers = {
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    const open = async (): Promise<string> => {
      const response = await fetch(served.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        }),
      });
      await response.text();
      const id = response.headers.get('mcp-session-id') ?? '';
      await fetch(served.url, {
        method: 'POST',
        headers: { ...headers, 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' },
        body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      });
      return id;
    };
    const [first, second] = [await open(), await open()];
    // A call still running when its stream opens (one answered at once is a JSON body, not a stream).
    const started = new Promise<void>((resolve) => gate.started.push(resolve));
    const called = await fetch(served.url, {
      method: 'POST',
      headers: { ...headers, 'mcp-session-id': first, 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'wait_for_release', arguments: {} },
      }),
    });
    expect(called.headers.get('content-type')).toBe('text/event-stream');
    await started;
    gate.release?.();
    const events = (await called.text()).split('\n\n').filter((event) => event !== '');
    expect(events[0]).toMatch(/^id: (\d+_[0-9a-f-]{36})\nretry: 1000\ndata: $/u);
    expect(events[1]).toContain('"released"');
    const primingId = /^id: (\S+)/u.exec(events[0] ?? '')?.[1] ?? '';

    // The first session's event id, presented by the second session: no such stream there.
    const foreign = await fetch(served.url, {
      headers: {
        authorization: `Bearer ${TOKEN}`,
        accept: 'text/event-stream',
        'mcp-session-id': second,
        'mcp-protocol-version': '2025-11-25',
        'last-event-id': primingId,
      },
    });
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).not.toContain('released');

    const own = await fetch(served.url, {
      headers: {
        authorization: `Bearer ${TOKEN}`,
        accept: 'text/event-stream',
        'mcp-session-id': first,
        'mcp-protocol-version': '2025-11-25',
        'last-event-id': primingId,
      },
    });
    expect(own.status).toBe(200);
    if (own.body === null) throw new Error('the replay has no body');
    const reader = own.body.getReader();
    const { value: chunk } = (await reader.read()) as { value?: Uint8Array };
    expect(new TextDecoder().decode(chunk)).toContain('"released"');
    await reader.cancel();
  });
});

describe(ResumableEvents.name, () => {
  const message = (id: number): JSONRPCMessage => ({ jsonrpc: '2.0', id, result: { text: 'x'.repeat(100) } });

  it('keeps at most maxEvents and maxBytes, oldest out first, and refuses a resume from before an evicted event', async () => {
    const events = new ResumableEvents(3, 10_000);
    const store = events.forSession('s1');
    const ids = [];
    for (let index = 0; index < 5; index += 1) ids.push(await store.storeEvent('stream-a', message(index)));
    expect(events.usage.events).toBe(3);

    const replayed: unknown[] = [];
    const send = (_id: string, sent: JSONRPCMessage): Promise<void> => {
      replayed.push(sent);
      return Promise.resolve();
    };
    await expect(store.replayEventsAfter(ids[3] ?? '', { send })).resolves.toBe('stream-a');
    expect(replayed).toStrictEqual([message(4)]);
    // ids[0] and ids[1] were evicted: what followed ids[0] is partly gone.
    await expect(store.replayEventsAfter(ids[0] ?? '', { send })).rejects.toThrow('are no longer kept');

    const bytes = new ResumableEvents(100, JSON.stringify(message(0)).length * 2);
    const small = bytes.forSession('s1');
    for (let index = 0; index < 10; index += 1) await small.storeEvent('stream-b', message(index));
    expect(bytes.usage).toStrictEqual({ events: 2, bytes: JSON.stringify(message(0)).length * 2 });
  });

  it("evicts past a dropped session's events: the oldest kept event goes, and the counts stay exact", async () => {
    const events = new ResumableEvents(3, 10_000);
    const [a, b] = [events.forSession('a'), events.forSession('b')];
    await a.storeEvent('stream-a', message(1));
    const first = await b.storeEvent('stream-b', message(2));
    await a.storeEvent('stream-a', message(3));
    events.dropSession('a');
    expect(events.usage).toStrictEqual({ events: 1, bytes: JSON.stringify(message(2)).length });
    const ids = [first];
    for (const index of [4, 5, 6]) ids.push(await b.storeEvent('stream-b', message(index)));
    expect(events.usage.events).toBe(3);
    const replayed: unknown[] = [];
    const send = (_id: string, sent: JSONRPCMessage): Promise<void> => {
      replayed.push(sent);
      return Promise.resolve();
    };
    await expect(b.replayEventsAfter(ids[0] ?? '', { send })).resolves.toBe('stream-b');
    expect(replayed).toStrictEqual([message(4), message(5), message(6)]);
    await b.storeEvent('stream-b', message(7));
    await expect(b.replayEventsAfter(ids[0] ?? '', { send })).rejects.toThrow('are no longer kept');
  });

  it('keeps the newest maxEvents of many streams and sessions, the sessions opened and dropped as they go', async () => {
    const events = new ResumableEvents(1_000, 16 * 1024 * 1024);
    let last = '';
    for (let session = 0; session < 200; session += 1) {
      const store = events.forSession(`s${session}`);
      for (let call = 0; call < 20; call += 1) last = await store.storeEvent(`stream-${call}`, message(call));
      if (session % 2 === 0) events.dropSession(`s${session}`);
    }
    expect(events.usage.events).toBe(1_000);
    await expect(events.forSession('s199').getStreamIdForEventId?.(last)).resolves.toBe('stream-19');
  });

  it('drops a closed session at once, and never answers another session with its streams', async () => {
    const events = new ResumableEvents();
    const id = await events.forSession('s1').storeEvent('_GET_stream', message(1));
    await expect(events.forSession('s2').getStreamIdForEventId?.(id)).resolves.toBeUndefined();
    await expect(events.forSession('s1').getStreamIdForEventId?.(id)).resolves.toBe('_GET_stream');
    events.dropSession('s1');
    expect(events.usage).toStrictEqual({ events: 0, bytes: 0 });
    await expect(events.forSession('s1').getStreamIdForEventId?.(id)).resolves.toBeUndefined();
  });
});
