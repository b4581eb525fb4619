import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Container } from 'inversify';
import { agentkitModule, PERMISSION_CHECKER, PermissionDecision, Tool, TOOL_EXECUTOR } from '../../src/index.js';
import type { ToolExecutor } from '../../src/index.js';
import { serveHttp, type HttpServeHandle } from '../../src/mcp/index.js';

const TOKEN = 'keep-alive-token-0123456789';

@Tool({ name: 'keep_alive_echo', description: 'Answers at once.' })
class EchoTool {
  public invoke(): string {
    return 'at once';
  }
}

/** One `initialize` over `agent`: its status, and whether it went out on a socket the agent kept. */
function initialize(url: string, agent: Agent): Promise<{ status: number | undefined; reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${TOKEN}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          resolve({ status: response.statusCode, reusedSocket: sent.reusedSocket });
        });
      },
    );
    sent.on('error', reject);
    sent.end(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }),
    );
  });
}

describe('serveHttp keep-alive', () => {
  let executor: ToolExecutor;
  let served: HttpServeHandle;

  beforeAll(async () => {
    const container = new Container();
    container.bind(PERMISSION_CHECKER).toConstantValue({ evaluate: () => PermissionDecision.allow() });
    container.bind(EchoTool).toSelf();
    container.load(agentkitModule());
    executor = await container.getAsync(TOOL_EXECUTOR);
    served = await serveHttp(executor, { host: '127.0.0.1', port: 0, token: TOKEN });
  });

  afterAll(async () => {
    await served.close();
    await executor.close();
  });

  // Node's default (5 s) closed idle connections that clients still pooled: a client whose event
  // loop stalled past it reused a socket the server was closing, and its request failed (ECONNRESET).
  it('keeps an idle connection open past Node’s default 5 s, so a client can reuse it', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await initialize(served.url, agent);
      await sleep(6_000);
      const second = await initialize(served.url, agent);
      expect({ first, second }).toStrictEqual({
        first: { status: 200, reusedSocket: false },
        second: { status: 200, reusedSocket: true },
      });
    } finally {
      agent.destroy();
    }
  }, 20_000);
});
