import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { Container } from 'inversify';
import { agentkitModule, PERMISSION_CHECKER, TOOL_EXECUTOR } from '../../src/index.js';
import { MCP_CLIENT_REGISTRY, mcpServers } from '../../src/mcp/index.js';
import { ALLOW_ALL, EVERYTHING_ENTRY } from './fixtures/createMcpHarness.js';
import { createToolServer, fixtureTool, text } from './fixtures/createToolServer.js';
import { PROJECT_ROOT } from './fixtures/startServe.js';
import { compiledScript } from '../fixtures/compiledScript.js';

const HOST = path.join(PROJECT_ROOT, 'test/mcp/fixtures/lifecycleHost.ts');

/** Whether process `pid` still runs (a zombie counts as gone). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  return true;
}

interface HostRun {
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly report: { readonly pid: number; readonly text: string };
  readonly stderr: string;
}

let running: ChildProcess | undefined;
/** The host fixture compiled to JavaScript: a child is plain `node` (see compiledScript). */
let hostScript: string;

beforeAll(async () => {
  hostScript = await compiledScript(HOST);
}, 60_000);

/** Runs the host fixture in `mode` and waits for it to exit on its own (jest's timeout bounds it). */
async function runHost(mode: string): Promise<HostRun> {
  const child = spawn(process.execPath, [hostScript, EVERYTHING_ENTRY, mode], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const [exitCode, signal] = (await once(child, 'exit')) as [number | null, string | null];
  running = undefined;
  return { exitCode, signal, report: JSON.parse(stdout.trim() || '{}') as HostRun['report'], stderr };
}

describe(`${mcpServers.name} lifecycle`, () => {
  afterEach(() => {
    // Only when a run did not end on its own (a failing test): the child is ours.
    if (running?.pid !== undefined && running.exitCode === null) running.kill('SIGKILL');
  });

  describe.each(['unbindAll', 'unbindAllAsync', 'close', 'asyncDispose'])(
    'a host process that releases its container with %s',
    (mode) => {
      it('exits on its own with code 0, and the MCP server process is gone', async () => {
        const run = await runHost(mode);

        expect({
          exitCode: run.exitCode,
          signal: run.signal,
          text: run.report.text,
          stderr: run.stderr,
          serverAlive: isAlive(run.report.pid),
        }).toStrictEqual({
          exitCode: 0,
          signal: null,
          text: 'Echo: hi',
          stderr: '',
          serverAlive: false,
        });
      }, 60_000);
    },
  );

  describe('in process', () => {
    async function build(): Promise<Container> {
      const container = new Container();
      container.bind(PERMISSION_CHECKER).toConstantValue(ALLOW_ALL);
      const server = createToolServer([fixtureTool('ping', () => text('pong'))]).server;
      container.load(
        agentkitModule(),
        mcpServers({ servers: [{ id: 'x', transport: { type: 'in_memory', server } }] }),
      );
      await container.getAsync(TOOL_EXECUTOR);
      return container;
    }

    it('reports every server closed after executor.close(), and a later call does not reconnect', async () => {
      const container = await build();
      const executor = await container.getAsync(TOOL_EXECUTOR);
      const registry = container.get(MCP_CLIENT_REGISTRY);

      await executor.close();
      const outcome = await executor.execute({
        callId: 'c',
        toolName: 'mcp_x_ping',
        input: {},
        sessionId: 's',
        turnId: 't',
        metadata: {},
      });

      expect(registry.status()).toStrictEqual([{ id: 'x', state: 'closed' }]);
      expect(outcome).toMatchObject({
        status: 'failed',
        invoked: true,
        error: { code: 'unavailable', message: expect.stringContaining('is closed') },
      });
      expect(registry.connection('x').transport).toBeUndefined();
    });

    it('closes every server when the container is unbound', async () => {
      const container = await build();
      const registry = container.get(MCP_CLIENT_REGISTRY);

      container.unbindAll();
      await registry.close();

      expect(registry.status()).toStrictEqual([{ id: 'x', state: 'closed' }]);
    });
  });
});
