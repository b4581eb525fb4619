import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Container } from 'inversify';
import {
  agentkitModule,
  EXECUTOR_OBSERVER,
  PERMISSION_CHECKER,
  PolicyPermissionChecker,
  TOOL_EXECUTOR,
  ToolConfigurationError,
  type ToolExecutor,
} from '../../src/index.js';
import { serveHttp, type ServeHttpOptions } from '../../src/mcp/index.js';
import { shellTools } from '../../src/shell/index.js';
import { connectHttp } from './fixtures/startHttpServe.js';

const TOKEN = 'in-process-token-0123456789';

/** POSTs `{}` to `url` with `host` as the Host header (fetch does not let a caller set it) and an `Origin`, if given. */
function postWithHost(url: string, host: string, origin?: string): Promise<number> {
  const headers = {
    host,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...(origin === undefined ? {} : { origin }),
  };
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once('error', reject).end('{}');
  });
}

describe(serveHttp.name, () => {
  let root: string;
  let executor: ToolExecutor;
  const started: (() => void)[] = [];

  beforeAll(async () => {
    root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-serve-http-unit-')));
    const container = new Container();
    container.bind(PERMISSION_CHECKER).toConstantValue(
      new PolicyPermissionChecker({
        rules: [{ effect: 'allow', kind: 'shell.exec', pattern: 'sleep' }],
        fallback: 'deny',
      }),
    );
    container.bind(EXECUTOR_OBSERVER).toConstantValue({ onStart: () => started.shift()?.() });
    container.load(agentkitModule({ roots: [{ path: root }] }), shellTools());
    executor = await container.getAsync(TOOL_EXECUTOR);
  });

  afterAll(async () => {
    await executor.close();
    await rm(root, { recursive: true, force: true });
  });

  /** Resolves when the next call starts in the executor. */
  const nextStart = (): Promise<void> => new Promise((resolve) => started.push(resolve));

  it.each<[string, Partial<ServeHttpOptions>, string]>([
    ['no token', { host: '127.0.0.1' }, 'a bearer token is required (or noAuth: true on a loopback host)'],
    ['noAuth on a public address', { host: '0.0.0.0', noAuth: true }, 'refusing to serve "0.0.0.0" without a token'],
    ['noAuth on a host name', { host: 'example.com', noAuth: true }, 'refusing to serve "example.com" without a token'],
    ['a short token', { host: '127.0.0.1', token: 'short' }, 'token must be at least 16 printable ASCII characters'],
    [
      'a token with a space',
      { host: '127.0.0.1', token: 'with a space 0123456789' },
      'token must be at least 16 printable ASCII characters',
    ],
    ['a token and noAuth', { host: '127.0.0.1', token: TOKEN, noAuth: true }, 'give a token or noAuth: true, not both'],
    [
      'a bad port',
      { host: '127.0.0.1', port: 65_536, token: TOKEN },
      'port must be a whole number from 0 to 65535; got 65536',
    ],
    [
      'a session idle time of 0',
      { host: '127.0.0.1', token: TOKEN, sessionIdleMs: 0 },
      'sessionIdleMs must be a whole number of milliseconds from 1 to 2147483647; got 0',
    ],
    ['an unknown option', { host: '127.0.0.1', token: TOKEN, tls: true } as Partial<ServeHttpOptions>, 'tls'],
  ])('refuses %s with a ToolConfigurationError naming it, before listening', async (_label, options, message) => {
    const attempt = serveHttp(executor, { port: 0, ...options } as ServeHttpOptions);

    await expect(attempt).rejects.toThrow(ToolConfigurationError);
    await expect(attempt).rejects.toThrow(message);
  });

  it('without a token, serves a loopback address only to requests addressed to a loopback host (DNS rebinding) from no or a loopback origin', async () => {
    const served = await serveHttp(executor, { host: '127.0.0.1', port: 0, noAuth: true });
    try {
      const client = await connectHttp(served.url, undefined);
      const { tools } = await client.listTools();
      await client.close();

      expect(tools.map((tool) => tool.name)).toStrictEqual(['shell_exec']);
      expect(await postWithHost(served.url, `attacker.example:${served.port}`)).toBe(403);
      expect(await postWithHost(served.url, `localhost:${served.port}`)).not.toBe(403);
      expect(await postWithHost(served.url, `localhost:${served.port}`, 'https://attacker.example')).toBe(403);
      expect(await postWithHost(served.url, `localhost:${served.port}`, 'not a url')).toBe(403);
      expect(await postWithHost(served.url, `localhost:${served.port}`, `http://127.0.0.1:${served.port}`)).not.toBe(
        403,
      );
    } finally {
      await served.close();
    }
  });

  it('closes a session with no open request for sessionIdleMs (its id then answers 404), and keeps one whose client holds its stream open', async () => {
    const served = await serveHttp(executor, { host: '127.0.0.1', port: 0, token: TOKEN, sessionIdleMs: 300 });
    try {
      const [gone, staying] = await Promise.all([connectHttp(served.url, TOKEN), connectHttp(served.url, TOKEN)]);
      const sessionId = (gone.transport as StreamableHTTPClientTransport).sessionId ?? '';
      // Closing the transport ends its GET stream without DELETE: a client that vanished.
      await gone.transport?.close();
      // Nothing announces an expiry: wait well past the idle time.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const ping = await fetch(served.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${TOKEN}`,
          'mcp-session-id': sessionId,
          'mcp-protocol-version': '2025-06-18',
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      });
      const { tools } = await staying.listTools();
      await staying.close();

      expect(sessionId).toMatch(/^[0-9a-f-]{36}$/u);
      expect(ping.status).toBe(404);
      expect(tools.map((tool) => tool.name)).toStrictEqual(['shell_exec']);
    } finally {
      await served.close();
    }
  }, 30_000);

  it('on close: the port closes at once (no new connection, no new session), a call in flight within the grace finishes', async () => {
    const served = await serveHttp(executor, { host: '127.0.0.1', port: 0, token: TOKEN });
    const client = await connectHttp(served.url, TOKEN);
    const starting = nextStart();
    const call = client.callTool({ name: 'shell_exec', arguments: { command: 'sleep 1' } });
    await starting;

    const closing = served.close(60_000);
    const outcome = (attempt: Promise<unknown>): Promise<string> =>
      attempt.then(
        () => 'answered',
        () => 'failed',
      );
    const health = outcome(fetch(new URL('/healthz', served.url)));
    const session = outcome(connectHttp(served.url, TOKEN));
    const result = (await call) as CallToolResult;
    await closing;
    await client.close();

    expect([await health, await session]).toStrictEqual(['failed', 'failed']);
    expect(result).toMatchObject({ content: [{ type: 'text', text: expect.stringMatching(/^exit code 0/u) }] });
    expect(result.isError).toBeUndefined();
  }, 30_000);

  it('on close: a call still running when the grace ends is cancelled through its signal, and answered', async () => {
    const served = await serveHttp(executor, { host: '127.0.0.1', port: 0, token: TOKEN });
    const client = await connectHttp(served.url, TOKEN);
    const starting = nextStart();
    const call = client.callTool({ name: 'shell_exec', arguments: { command: 'sleep 60' } });
    await starting;
    const began = Date.now();

    await served.close(300);
    const result = (await call) as CallToolResult;
    await client.close();

    expect(Date.now() - began).toBeLessThan(10_000);
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: '[interrupted] Tool `shell_exec` was cancelled while running.' }],
    });
  }, 30_000);
});
