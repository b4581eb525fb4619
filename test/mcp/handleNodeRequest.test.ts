import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toWebRequest } from '../../src/mcp/handleNodeRequest.js';

/** Each request the server gets, as the adapter's web `Request` (with `body` when the test gives one). */
let seen: ((request: IncomingMessage) => void) | undefined;
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    seen?.(request);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** The `Request` the adapter makes of a POST sent with `headers` (and `body`, handed to it as read). */
async function webRequestOf(headers: Record<string, string>, body?: Buffer): Promise<Request> {
  const made = new Promise<Request>((resolve) => {
    seen = (request) => {
      resolve(toWebRequest(request, `${url}?q=1`, body));
    };
  });
  await fetch(url, { method: 'POST', headers, body: '{}' });
  return made;
}

describe(toWebRequest.name, () => {
  it('answers the method, URL and headers as sent, as a Request', async () => {
    const request = await webRequestOf({ accept: 'application/json, text/event-stream', 'X-Trace': 'a' });
    expect({
      method: request.method,
      url: request.url,
      accept: request.headers.get('accept'),
      trace: request.headers.get('x-trace'),
      headers: request.headers instanceof Headers,
      request: request instanceof Request,
    }).toStrictEqual({
      method: 'POST',
      url: `${url}?q=1`,
      accept: 'application/json, text/event-stream',
      trace: 'a',
      headers: true,
      request: true,
    });
  });

  it('reads as a whole Request anything else a transport may read of it (a signal, clone, a body of none)', async () => {
    const request = await webRequestOf({ 'x-trace': 'b' });
    const clone = request.clone();
    expect({
      signal: request.signal instanceof AbortSignal,
      aborted: request.signal.aborted,
      body: request.body,
      clone: clone instanceof Request,
      cloneUrl: clone.url,
      cloneTrace: clone.headers.get('x-trace'),
      text: await request.text(),
    }).toStrictEqual({
      signal: true,
      aborted: false,
      body: null,
      clone: true,
      cloneUrl: `${url}?q=1`,
      cloneTrace: 'b',
      text: '',
    });
  });

  it('is a Request with the body given when the transport is to read the body itself', async () => {
    const request = await webRequestOf({ 'content-type': 'text/plain' }, Buffer.from('not json'));
    expect([request instanceof Request, await request.text(), request.headers.get('content-type')]).toStrictEqual([
      true,
      'not json',
      'text/plain',
    ]);
  });
});
