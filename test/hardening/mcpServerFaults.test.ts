import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import type { ToolExecutionOutcome } from '../../src/index.js';
import { mcpServers } from '../../src/mcp/index.js';
import { ProcessClientTransport } from '../../src/mcp/ProcessClientTransport.js';
import { createMcpHarness, getOutput, type McpHarness } from '../mcp/fixtures/createMcpHarness.js';
import { PROJECT_ROOT } from '../mcp/fixtures/startServe.js';

const SERVER = path.join(PROJECT_ROOT, 'test/hardening/fixtures/faultyMcpServer.mjs');

function getPid(harness: McpHarness): number | undefined {
  const transport = harness.registry.connection('faulty').transport;
  return transport instanceof ProcessClientTransport ? transport.pid : undefined;
}

/** Whether process `pid` still runs (a zombie counts as gone). */
function isAlive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  return true;
}

async function waitGone(pid: number | undefined): Promise<boolean> {
  for (let attempt = 0; attempt < 60 && isAlive(pid); attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return !isAlive(pid);
}

function getFailure(outcome: ToolExecutionOutcome): Record<string, unknown> {
  if (outcome.status !== 'failed') throw new Error(`expected failed, got ${JSON.stringify(outcome).slice(0, 500)}`);
  return { code: outcome.error.code, details: outcome.error.details, invoked: outcome.invoked };
}

/** An echo through the same harness: the server answers with its pid. */
async function echo(harness: McpHarness): Promise<unknown> {
  return getOutput(await harness.call('mcp_faulty_echo')).output;
}

async function startFaulty(callTimeoutMs: number): Promise<McpHarness> {
  return createMcpHarness({
    servers: [{ id: 'faulty', transport: { type: 'stdio', command: process.execPath, args: [SERVER] } }],
    callTimeoutMs,
  });
}

describe(`${mcpServers.name} with a hostile server process`, () => {
  describe('that crashes, hangs or breaks the protocol', () => {
    let harness: McpHarness;

    beforeAll(async () => {
      harness = await startFaulty(800);
    });

    afterAll(() => harness.close());

    it('fails a call it crashed in unavailable (connection_closed); the next call starts a new server', async () => {
      const before = getPid(harness);

      expect(getFailure(await harness.call('mcp_faulty_crash'))).toStrictEqual({
        code: 'unavailable',
        details: { server: 'faulty', reason: 'connection_closed' },
        invoked: true,
      });
      expect(await echo(harness)).toStrictEqual({ type: 'text', text: `pid ${String(getPid(harness))}` });
      expect(getPid(harness)).not.toBe(before);
    });

    it('fails a call it never answers unavailable (timeout) at the call timeout, ends that server, and the next call starts a new one', async () => {
      await echo(harness);
      const hung = getPid(harness);

      expect(getFailure(await harness.call('mcp_faulty_hang'))).toStrictEqual({
        code: 'unavailable',
        details: { server: 'faulty', reason: 'timeout' },
        invoked: true,
      });
      expect(await echo(harness)).toStrictEqual({ type: 'text', text: `pid ${String(getPid(harness))}` });
      expect({ newServer: getPid(harness) !== hung, hungGone: await waitGone(hung) }).toStrictEqual({
        newServer: true,
        hungGone: true,
      });
    });

    it('skips 4 MiB of garbage lines and still reads the answer after them, on the same connection', async () => {
      await echo(harness);
      const before = getPid(harness);

      expect(getOutput(await harness.call('mcp_faulty_flood_lines')).output).toStrictEqual({
        type: 'text',
        text: 'after the flood',
      });
      expect(await echo(harness)).toStrictEqual({ type: 'text', text: `pid ${String(before)}` });
    });

    it('fails a call answered with malformed frames unavailable, and the next call works', async () => {
      const outcome = getFailure(await harness.call('mcp_faulty_malformed'));

      expect(outcome).toStrictEqual({
        code: 'unavailable',
        details: { server: 'faulty', reason: 'transport_error' },
        invoked: true,
      });
      expect(await echo(harness)).toStrictEqual({ type: 'text', text: `pid ${String(getPid(harness))}` });
    });
  });

  describe('that answers with oversized results', () => {
    const CALL_TIMEOUT_MS = 60_000;
    let harness: McpHarness;

    beforeAll(async () => {
      harness = await startFaulty(CALL_TIMEOUT_MS);
    });

    afterAll(() => harness.close());

    it('hands the model at most maxResultBytes (1 MiB) of a 3 MiB result, saying it was cut', async () => {
      const outcome = await harness.call('mcp_faulty_oversized');
      if (outcome.status !== 'completed') throw new Error(JSON.stringify(outcome).slice(0, 500));
      const size = JSON.stringify(outcome.result.result.output).length;

      expect({
        fits: size <= 1024 * 1024 + 64,
        truncated: outcome.result.metadata['truncated'],
        notice: JSON.stringify(outcome.result.result.output).includes('left out'),
      }).toStrictEqual({
        fits: true,
        truncated: true,
        notice: true,
      });
    });

    // Past the 10 MiB read buffer the stream is out of step: the call fails at once, not at its 60 s timeout.
    it('fails a call whose answer is one 16 MiB line unavailable (connection_closed) long before the call timeout, ends that server, and the next call starts a new one', async () => {
      await echo(harness);
      const flooding = getPid(harness);
      const started = performance.now();

      const failure = getFailure(await harness.call('mcp_faulty_oversized_line'));
      const tookMs = performance.now() - started;

      expect(failure).toStrictEqual({
        code: 'unavailable',
        details: { server: 'faulty', reason: 'connection_closed' },
        invoked: true,
      });
      expect(tookMs).toBeLessThan(CALL_TIMEOUT_MS / 2);
      expect(await echo(harness)).toStrictEqual({ type: 'text', text: `pid ${String(getPid(harness))}` });
      expect(await waitGone(flooding)).toBe(true);
    }, 40_000);
  });
});
