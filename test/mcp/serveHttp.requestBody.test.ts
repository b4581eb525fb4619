import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { Container } from 'inversify';
import { agentkitModule, Tool, TOOL_EXECUTOR, type ToolExecutor } from '../../src/index.js';
import { serveHttp, type HttpServeHandle } from '../../src/mcp/index.js';
import { openRawSession } from './fixtures/openRawSession.js';

const TOKEN = 'in-process-token-0123456789';
const VERSION = '2025-11-25';
const MAX_BODY = 4 * 1024 * 1024;
const HEADERS = {
  authorization: `Bearer ${TOKEN}`,
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
} as const;

@Tool({ name: 'body_echo', description: 'Answers a fixed text.' })
class BodyEchoTool {
  public invoke(): string {
    return 'echo';
  }
}

interface Answer {
  readonly status: number;
  /** The JSON-RPC error's code and message (undefined for a result). */
  readonly error: { code: number; message: string } | undefined;
  readonly text: string;
}

/** POSTs `body` (a string, or chunks sent with chunked encoding) over node:http, so any header and framing can be sent. */
function post(url: string, headers: Record<string, string>, body: string | readonly Buffer[]): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.once('end', () => {
        const json = /^\{.*\}$/su.test(text) ? (JSON.parse(text) as { error?: Answer['error'] }) : {};
        resolve({ status: response.statusCode ?? 0, error: json.error, text });
      });
    });
    request.once('error', reject);
    if (typeof body === 'string') request.end(body);
    else {
      for (const chunk of body) request.write(chunk);
      request.end();
    }
  });
}

describe('serveHttp request bodies', () => {
  let executor: ToolExecutor;
  let served: HttpServeHandle;
  let session: Record<string, string>;

  beforeAll(async () => {
    const container = new Container();
    container.bind(BodyEchoTool).toSelf();
    container.load(agentkitModule());
    executor = await container.getAsync(TOOL_EXECUTOR);
    served = await serveHttp(executor, { host: '127.0.0.1', port: 0, token: TOKEN });
    session = await openRawSession(served.url, HEADERS, VERSION);
  });

  afterAll(async () => {
    await served.close();
    await executor.close();
  });

  const LIST = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });

  it('answers a request whose body is read in several chunks', async () => {
    const answer = await post(served.url, session, [Buffer.from(LIST.slice(0, 9)), Buffer.from(LIST.slice(9))]);
    expect([answer.status, answer.text]).toStrictEqual([200, expect.stringContaining('"tools":[')]);
  });

  it('answers a body that starts with a UTF-8 byte order mark, as the SDK reads it', async () => {
    const answer = await post(served.url, session, [Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(LIST)]);
    expect([answer.status, answer.text]).toStrictEqual([200, expect.stringContaining('"tools":[')]);
  });

  it('refuses a body that is not JSON with the JSON-RPC parse error', async () => {
    const answer = await post(served.url, session, '{"jsonrpc": "2.0", "id": 3, ');
    expect([answer.status, answer.error]).toStrictEqual([400, { code: -32700, message: 'Parse error: Invalid JSON' }]);
  });

  it('checks the Content-Type before the body: not JSON and not declared JSON is 415', async () => {
    const answer = await post(served.url, { ...session, 'content-type': 'text/plain' }, 'not json');
    expect([answer.status, answer.error?.code]).toStrictEqual([415, -32000]);
  });

  it('refuses an initialize that is not JSON with the parse error', async () => {
    const answer = await post(served.url, HEADERS, 'initialize, please');
    expect([answer.status, answer.error?.code]).toStrictEqual([400, -32700]);
  });

  it('refuses a declared Content-Length over 4 MiB with 413, unread', async () => {
    const body = `${' '.repeat(MAX_BODY)}${LIST}`;
    const answer = await post(served.url, { ...session, 'content-length': String(Buffer.byteLength(body)) }, body);
    expect([answer.status, answer.error]).toStrictEqual([
      413,
      { code: -32000, message: `Payload Too Large: Request body must not exceed ${MAX_BODY} bytes` },
    ]);
  });

  it('refuses a chunked body that grows past 4 MiB with 413, and answers the next request', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const answer = await post(served.url, session, [chunk, chunk, chunk, chunk, chunk, Buffer.from(LIST)]);
    expect([answer.status, answer.error?.message]).toStrictEqual([
      413,
      `Payload Too Large: Request body must not exceed ${MAX_BODY} bytes`,
    ]);
    const next = await post(served.url, session, LIST);
    expect(next.status).toBe(200);
  });

  it('drops what is left of a body refused as too large, so the same connection carries the next request', async () => {
    const { port } = new URL(served.url);
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    let broken: Error | undefined;
    socket.setEncoding('latin1').on('data', (chunk: string) => (received += chunk));
    socket.on('error', (error) => (broken = error));
    /** The next whole response on the connection (framed by Content-Length or chunked), as status and body. */
    const nextResponse = async (): Promise<{ status: number; body: string }> => {
      for (;;) {
        const end = received.indexOf('\r\n\r\n');
        const head = end < 0 ? '' : received.slice(0, end);
        const length = /^content-length: (\d+)\r$/imu.exec(`${head}\r`)?.[1];
        const size = length === undefined ? received.indexOf('\r\n0\r\n\r\n', end) + 7 - end - 4 : Number(length);
        if (end >= 0 && (length !== undefined || size > 3) && received.length >= end + 4 + size) {
          const body = received.slice(end + 4, end + 4 + size);
          received = received.slice(end + 4 + size);
          return { status: Number(/^HTTP\/1\.1 (\d+)/u.exec(head)?.[1]), body };
        }
        if (broken !== undefined) throw broken;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const head = (framing: string): string =>
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${Object.entries(session)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}${framing}\r\n\r\n`;
    try {
      socket.write(head('Transfer-Encoding: chunked'));
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      for (let index = 0; index < 5; index++) socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString()}\r\n`);
      socket.write(`${Buffer.byteLength(LIST).toString(16)}\r\n${LIST}\r\n0\r\n\r\n`);
      const refused = await nextResponse();
      socket.write(`${head(`Content-Length: ${Buffer.byteLength(LIST)}`)}${LIST}`);
      const next = await nextResponse();
      expect([refused.status, next.status, next.body]).toStrictEqual([413, 200, expect.stringContaining('"tools":[')]);
    } finally {
      socket.destroy();
    }
  });

  it('takes a body of exactly 4 MiB', async () => {
    const body = `${LIST}${' '.repeat(MAX_BODY - LIST.length)}`;
    const answer = await post(served.url, session, [Buffer.from(body)]);
    expect([answer.status, answer.text]).toStrictEqual([200, expect.stringContaining('"tools":[')]);
  });

  it('leaves no session behind for an initialize whose body the client broke off (a flood of them cannot fill the server)', async () => {
    const small = await serveHttp(executor, { host: '127.0.0.1', port: 0, token: TOKEN, maxSessions: 2 });
    try {
      const { port } = new URL(small.url);
      // Headers and the start of an initialize, then the connection is cut mid-body.
      const brokenOff = (): Promise<void> =>
        new Promise((resolve) => {
          const socket = connect(Number(port), '127.0.0.1', () => {
            socket.write(
              `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${TOKEN}\r\n` +
                'Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 500\r\n\r\n{"jsonrpc":"2.0","id":1,',
            );
            setTimeout(() => socket.destroy(), 100);
          });
          socket.once('close', () => {
            resolve();
          });
        });
      for (let attempt = 0; attempt < 4; attempt++) await brokenOff();
      // Give the server a moment to see the resets.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const opened = await fetch(small.url, {
        method: 'POST',
        headers: HEADERS,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        }),
      });
      await opened.text();
      expect(opened.status).toBe(200);
    } finally {
      await small.close();
    }
  });
});
