import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mcpServers } from '../../src/mcp/index.js';
import { ProcessClientTransport } from '../../src/mcp/ProcessClientTransport.js';
import { createMcpHarness, EVERYTHING_ENTRY, getOutput, type McpHarness } from './fixtures/createMcpHarness.js';

/** The live (not zombie) process ids of process group `group`: empty once it is gone. */
function listGroup(group: number): number[] {
  const out = execFileSync('ps', ['-A', '-o', 'pid=,pgid=,stat='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/u))
    .filter(([, pgid, stat]) => Number(pgid) === group && stat?.startsWith('Z') === false)
    .map(([pid]) => Number(pid));
}

/** The live processes of `group` after up to 2 s of waiting for them to go. */
async function waitForGroupGone(group: number): Promise<number[]> {
  for (let attempt = 0; attempt < 40 && listGroup(group).length > 0; attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return listGroup(group);
}

function getPid(harness: McpHarness): number {
  const transport = harness.registry.connection('proc').transport;
  if (!(transport instanceof ProcessClientTransport) || transport.pid === undefined)
    throw new Error('no server process');
  return transport.pid;
}

describe(`${mcpServers.name} with a server process`, () => {
  let harness: McpHarness;

  beforeAll(async () => {
    // The shell leaves a `sleep` behind in the server's process group, then becomes the server.
    const script = `sleep 60 & exec "${process.execPath}" "${EVERYTHING_ENTRY}" stdio`;
    harness = await createMcpHarness({
      servers: [{ id: 'proc', transport: { type: 'stdio', command: '/bin/sh', args: ['-c', script] } }],
    });
  });

  afterAll(() => harness.close());

  it('fails a call in flight unavailable when the server dies, and the next call reconnects', async () => {
    const first = getPid(harness);
    const pending = harness.call('mcp_proc_trigger-long-running-operation', { duration: 5, steps: 5 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    process.kill(first, 'SIGKILL');

    expect(await pending).toMatchObject({
      status: 'failed',
      invoked: true,
      error: { code: 'unavailable', details: { server: 'proc', reason: 'connection_closed' } },
    });
    expect(getOutput(await harness.call('mcp_proc_echo', { message: 'back' })).output).toStrictEqual({
      type: 'text',
      text: 'Echo: back',
    });
    expect(getPid(harness)).not.toBe(first);
  });

  it('kills the whole process tree on close', async () => {
    const group = getPid(harness);
    expect(listGroup(group).length).toBeGreaterThanOrEqual(2);

    await harness.registry.connection('proc').close();

    expect(await waitForGroupGone(group)).toStrictEqual([]);
  });

  // Issue 9 changed this: an unreachable server no longer rejects the executor; it is reported.
  it('reports a server whose command cannot start as failed, unavailable', async () => {
    const ghost = await createMcpHarness({
      servers: [{ id: 'ghost', transport: { type: 'stdio', command: '/nonexistent/mcp-server' } }],
    });
    try {
      expect(ghost.registry.status()).toStrictEqual([
        {
          id: 'ghost',
          state: 'failed',
          error: expect.objectContaining({
            code: 'unavailable',
            message: expect.stringContaining('MCP server "ghost" cannot be reached'),
          }),
        },
      ]);
    } finally {
      await ghost.close();
    }
  });
});
