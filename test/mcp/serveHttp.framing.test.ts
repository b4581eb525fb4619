import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  PermissionDecision,
  Tool,
  TOOL_EXECUTOR,
  type ToolContext,
  type ToolExecutor,
} from '../../src/index.js';
import { serveHttp, type HttpServeHandle } from '../../src/mcp/index.js';
import { openRawSession } from './fixtures/openRawSession.js';

const TOKEN = 'framing-token-0123456789';
const VERSION = '2025-11-25';
const HEADERS = {
  authorization: `Bearer ${TOKEN}`,
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
} as const;

@Tool({ name: 'framing_echo', description: 'Answers at once.' })
class QuickTool {
  public invoke(): string {
    return 'at once';
  }
}

@Tool({ name: 'framing_progress', description: 'Reports progress, then answers, without waiting.' })
class ProgressTool {
  public invoke(_input: unknown, ctx: ToolContext): string {
    ctx.progress({ progress: 1, total: 1, message: 'done' });
    return 'progressed';
  }
}

/** Releases the running `framing_later` call. */
let release: (() => void) | undefined;

@Tool({ name: 'framing_later', description: 'Answers once the test releases it.' })
class LaterTool {
  public invoke(): Promise<string> {
    return new Promise((resolve) => {
      release = () => {
        resolve('later');
      };
    });
  }
}

/** `promise`, or 'held back' if it has not settled within 5 s. */
function within5s<T>(promise: Promise<T>): Promise<T | 'held back'> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<'held back'>((resolve) => {
      timer = setTimeout(() => {
        resolve('held back');
      }, 5000);
    }),
  ]).finally(() => {
    clearTimeout(timer);
  });
}

describe('serveHttp answer framing', () => {
  let executor: ToolExecutor;
  let served: HttpServeHandle;
  let session: Record<string, string>;

  beforeAll(async () => {
    const container = new Container();
    container.bind(PERMISSION_CHECKER).toConstantValue({ evaluate: () => PermissionDecision.allow() });
    container.bind(QuickTool).toSelf();
    container.bind(ProgressTool).toSelf();
    container.bind(LaterTool).toSelf();
    container.load(agentkitModule());
    executor = await container.getAsync(TOOL_EXECUTOR);
    served = await serveHttp(executor, { host: '127.0.0.1', port: 0, token: TOKEN });
    session = await openRawSession(served.url, HEADERS, VERSION);
  });

  afterAll(async () => {
    await served.close(1000);
    await executor.close();
  });

  const call = (id: number, name: string, meta: Record<string, unknown> = {}): Promise<Response> =>
    fetch(served.url, {
      method: 'POST',
      headers: session,
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {}, _meta: meta } }),
    });

  it('answers a call complete at once with its response alone, as one JSON body framed by its length', async () => {
    const answer = await call(2, 'framing_echo');
    const text = await answer.text();
    expect({
      status: answer.status,
      type: answer.headers.get('content-type'),
      length: answer.headers.get('content-length'),
      session: answer.headers.get('mcp-session-id'),
      body: JSON.parse(text) as unknown,
    }).toStrictEqual({
      status: 200,
      type: 'application/json',
      length: String(Buffer.byteLength(text)),
      session: session['mcp-session-id'],
      body: { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'at once' }] } },
    });
  });

  it('streams a call that sent anything before its answer: priming event, the progress, then the response, framed by length', async () => {
    const answer = await call(3, 'framing_progress', { progressToken: 'p-3' });
    const text = await answer.text();
    const events = text.split('\n\n').filter((event) => event !== '');
    expect([
      answer.headers.get('content-type'),
      answer.headers.get('content-length'),
      events.length,
      events[0],
    ]).toStrictEqual([
      'text/event-stream',
      String(Buffer.byteLength(text)),
      3,
      expect.stringMatching(/^id: \d+_[0-9a-f-]{36}\nretry: 1000\ndata: $/u),
    ]);
    expect(JSON.parse(/\ndata: (.*)$/u.exec(events[1] ?? '')?.[1] ?? '')).toStrictEqual({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 'p-3', progress: 1, total: 1, message: 'done' },
    });
    expect(JSON.parse(/\ndata: (.*)$/u.exec(events[2] ?? '')?.[1] ?? '')).toStrictEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { content: [{ type: 'text', text: 'progressed' }] },
    });
  });

  it('sends a running call its headers and priming event at once, and the response on the same stream when it comes', async () => {
    // The call does not answer until released: whatever arrives before, the server sent while it ran.
    const answer = await within5s(call(4, 'framing_later'));
    if (answer === 'held back' || answer.body === null) throw new Error('no stream while the call runs');
    const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
    const first = await within5s(reader.read());
    release?.();
    let rest = '';
    for (let read = await reader.read(); !read.done; read = await reader.read())
      rest += new TextDecoder().decode(read.value);
    expect({
      type: answer.headers.get('content-type'),
      length: answer.headers.get('content-length'),
      first: first === 'held back' ? first : new TextDecoder().decode(first.value),
      rest: rest.split('\n\n').filter((event) => event !== '').length,
    }).toStrictEqual({
      type: 'text/event-stream',
      length: null,
      first: expect.stringMatching(/^id: \d+_[0-9a-f-]{36}\nretry: 1000\ndata: \n\n$/u),
      rest: 1,
    });
    expect(rest).toContain('"later"');
  });

  it('answers a notification with 202 and an empty body framed by its length', async () => {
    const answer = await fetch(served.url, {
      method: 'POST',
      headers: session,
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' }),
    });
    expect([answer.status, answer.headers.get('content-length'), await answer.text()]).toStrictEqual([202, '0', '']);
  });
});
