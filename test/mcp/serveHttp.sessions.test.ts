import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Container } from 'inversify';
import { agentkitModule, TOOL_EXECUTOR, ToolConfigurationError, type ToolExecutor } from '../../src/index.js';
import { DEFAULT_MAX_SESSIONS, serveHttp } from '../../src/mcp/index.js';
import { shellTools } from '../../src/shell/index.js';
import { connectHttp } from './fixtures/startHttpServe.js';

const TOKEN = 'in-process-token-0123456789';

/** A bare `initialize` POST, as a new client sends it: status, Retry-After and the JSON-RPC error message. */
async function initialize(url: string): Promise<{ status: number; retryAfter: string | null; message: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
    }),
  });
  const text = await response.text();
  const message =
    response.status === 503 ? (JSON.parse(text) as { error: { message: string } }).error.message : undefined;
  return { status: response.status, retryAfter: response.headers.get('retry-after'), message };
}

describe('serveHttp session limit', () => {
  let root: string;
  let executor: ToolExecutor;

  beforeAll(async () => {
    root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-serve-http-sessions-')));
    const container = new Container();
    container.load(agentkitModule({ roots: [{ path: root }] }), shellTools());
    executor = await container.getAsync(TOOL_EXECUTOR);
  });

  afterAll(async () => {
    await executor.close();
    await rm(root, { recursive: true, force: true });
  });

  it('refuses a session past maxSessions with 503 and Retry-After, and opens one once a session ends', async () => {
    const served = await serveHttp(executor, {
      host: '127.0.0.1',
      port: 0,
      token: TOKEN,
      maxSessions: 2,
      sessionIdleMs: 60_000,
    });
    try {
      const [first, second] = await Promise.all([connectHttp(served.url, TOKEN), connectHttp(served.url, TOKEN)]);
      const refused = await initialize(served.url);
      expect(refused).toStrictEqual({
        status: 503,
        retryAfter: expect.stringMatching(/^\d+$/u),
        message: expect.stringContaining(
          'Too many MCP sessions: this server holds its limit of 2 live sessions. Retry in ',
        ),
      });
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(30);
      // The refused client was not kept: the live two still work.
      expect((await second.listTools()).tools.map((tool) => tool.name)).toStrictEqual(['shell_exec']);

      await (first.transport as StreamableHTTPClientTransport).terminateSession();
      await first.close();
      const third = await connectHttp(served.url, TOKEN);
      expect((await third.listTools()).tools.map((tool) => tool.name)).toStrictEqual(['shell_exec']);
      await Promise.all([second.close(), third.close()]);
    } finally {
      await served.close();
    }
  }, 30_000);

  it('tells a refused client to come back when the longest-idle session expires', async () => {
    const served = await serveHttp(executor, {
      host: '127.0.0.1',
      port: 0,
      token: TOKEN,
      maxSessions: 1,
      sessionIdleMs: 5_000,
    });
    try {
      // A session opened and left idle (no stream held open).
      expect((await initialize(served.url)).status).toBe(200);
      const refused = await initialize(served.url);
      expect(refused.status).toBe(503);
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(5);
    } finally {
      await served.close();
    }
  });

  it.each([0, -1, 1.5, 1_000_001, '10'])('refuses maxSessions %p at start-up, naming it', async (maxSessions) => {
    const attempt = serveHttp(executor, {
      host: '127.0.0.1',
      port: 0,
      token: TOKEN,
      maxSessions: maxSessions as number,
    });
    await expect(attempt).rejects.toThrow(ToolConfigurationError);
    await expect(attempt).rejects.toThrow('maxSessions must be a whole number from 1 to 1000000');
  });

  it('has a documented default', () => {
    expect(DEFAULT_MAX_SESSIONS).toBe(1_000);
  });
});
