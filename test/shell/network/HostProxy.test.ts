import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { Container } from 'inversify';
import { compiledScript } from '../../fixtures/compiledScript.js';
import { agentkitModule, PERMISSION_CHECKER, TOOL_EXECUTOR } from '../../../src/index.js';
import { shellTools } from '../../../src/shell/index.js';
import { parseHostPatterns } from '../../../src/shell/network/HostPattern.js';
import { HostProxy } from '../../../src/shell/network/HostProxy.js';
import type { ProxySession } from '../../../src/shell/network/ProxySession.js';
import { SHELL_TOOL_CONFIG } from '../../../src/shell/config/SHELL_TOOL_CONFIG.js';
import { ALLOW_ALL } from '../fixtures/createShellHarness.js';
import { mapTestNames, startLoopbackServer, type LoopbackServer } from '../fixtures/createNetworkHarness.js';

interface Answer {
  readonly status: number;
  readonly body: string;
}

function readBody(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (body += chunk));
    res.on('end', () => {
      resolve(body);
    });
  });
}

/** Sends one request line through the session's socket, as a client in the sandbox would (the bridge only copies bytes). */
function send(
  session: ProxySession,
  method: string,
  target: string,
  headers: OutgoingHttpHeaders = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: session.socketPath, method, path: target, headers, agent: false });
    req.on('connect', (res: IncomingMessage, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, body: '' });
    });
    req.on('response', (res) => {
      void readBody(res).then((body) => {
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe(HostProxy.name, () => {
  let server: LoopbackServer;
  let proxy: HostProxy;

  beforeAll(async () => {
    server = await startLoopbackServer();
    proxy = new HostProxy(parseHostPatterns(['registry.test', '*.example.test']), {
      connectTo: mapTestNames(server.port),
    });
  });

  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  describe('requests', () => {
    it.each([
      ['GET', '/not/a/proxy/request', 400],
      ['GET', 'http://registry.test@evil.test/', 400],
      ['GET', 'http://user:secret@registry.test/', 400],
      ['CONNECT', 'registry.test', 400],
      ['CONNECT', '2130706433:80', 400],
      ['CONNECT', 'registry.test:80', 200],
    ])('answers %s %s with %d and records no refusal', async (method, target, status) => {
      const session = await proxy.openSession();
      try {
        expect([(await send(session, method, target)).status, session.refusedHosts]).toStrictEqual([status, []]);
      } finally {
        proxy.closeSession(session);
      }
    });

    it("forwards to the URL's host whatever Host says, without the hop-by-hop and proxy headers", async () => {
      const session = await proxy.openSession();
      server.seen.length = 0;
      try {
        const answer = await send(session, 'GET', 'http://a.example.test/x', {
          host: 'evil.test',
          'proxy-authorization': 'Basic c2VjcmV0',
          'x-kept': '1',
          connection: 'x-dropped',
          'x-dropped': '1',
        });
        const [seen] = server.seen;

        expect([
          answer,
          seen?.host,
          seen?.headers['proxy-authorization'],
          seen?.headers['x-dropped'],
          seen?.headers['x-kept'],
        ]).toStrictEqual([
          { status: 200, body: 'a.example.test GET /x\n' },
          'a.example.test',
          undefined,
          undefined,
          '1',
        ]);
      } finally {
        proxy.closeSession(session);
      }
    });
  });

  describe('sessions', () => {
    it('records each refusal on the session (the call) whose socket the request came through', async () => {
      const [first, second] = await Promise.all([proxy.openSession(), proxy.openSession()]);
      try {
        await send(first, 'GET', 'http://evil.test/');
        await send(second, 'CONNECT', 'other.test:443');
        await send(second, 'CONNECT', 'other.test:443');

        expect([first.refusedHosts, second.refusedHosts]).toStrictEqual([
          [{ host: 'evil.test', port: 80, reason: 'not_allowed', count: 1 }],
          [{ host: 'other.test', port: 443, reason: 'not_allowed', count: 2 }],
        ]);
      } finally {
        proxy.closeSession(first);
        proxy.closeSession(second);
      }
    });

    it('removes the socket when the session closes, and the private directory when the proxy closes (a later session makes a new one)', async () => {
      const own = new HostProxy([]);
      const session = await own.openSession();
      const dir = path.dirname(session.socketPath);
      const before = [existsSync(session.socketPath), existsSync(dir)];
      own.closeSession(session);
      const afterSession = [existsSync(session.socketPath), existsSync(dir)];
      await own.close();
      const again = await own.openSession();
      try {
        expect([before, afterSession, existsSync(dir), existsSync(again.socketPath)]).toStrictEqual([
          [true, true],
          [false, true],
          false,
          true,
        ]);
      } finally {
        await own.close();
      }
    });
  });

  describe('lifecycle', () => {
    it("closes with the executor of shellTools' module", async () => {
      const container = new Container();
      container.bind(PERMISSION_CHECKER).toConstantValue(ALLOW_ALL);
      container.load(
        agentkitModule(),
        shellTools({ cwd: process.cwd(), sandbox: 'required', network: { allow: ['registry.test'] } }),
      );
      const executor = await container.getAsync(TOOL_EXECUTOR);
      const { network } = container.get(SHELL_TOOL_CONFIG);
      if (typeof network !== 'object') throw new Error('expected an allow list');
      const session = await network.proxy.openSession();
      await executor.close();

      expect([existsSync(session.socketPath), existsSync(path.dirname(session.socketPath))]).toStrictEqual([
        false,
        false,
      ]);
    });

    it('lets the host process exit on its own after a networked call, without close()', async () => {
      const script = await compiledScript(path.join(import.meta.dirname, '../fixtures/runNetworkedCall.ts'));
      // Killed after a minute if something the proxy holds kept it alive: then `killed` is true.
      const run = await promisify(execFile)(process.execPath, [script], { timeout: 60_000 }).then(
        ({ stdout }) => ({ stdout, killed: false }),
        (error: unknown) => {
          const failed = error as { stdout?: string; killed?: boolean; message?: string };
          return { stdout: failed.stdout ?? String(failed.message), killed: failed.killed === true };
        },
      );

      expect(run).toStrictEqual({ stdout: '403\n', killed: false });
    }, 90_000);
  });
});
