import { randomBytes } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { APPROVAL_META_KEY } from '../../src/mcp/index.js';
import { connectClient, DEFER } from './httpTarget.js';
import type { LoadSection, SectionOptions } from './LoadSection.js';
import type { LoadTarget, UnitContext } from './LoadTarget.js';
import { createLoadTree } from './loadTree.js';
import { renderLoadSummary } from './renderLoad.js';
import { runLoad } from './runLoad.js';
import { startServer } from './startServer.js';
import { readOther, readSelf, type Reading } from './takeReading.js';

/** The caps the served bin runs with here: small, so a short run goes far past both. */
export interface CapsLimits {
  readonly maxSessions: number;
  readonly maxApprovals: number;
}

/** A bare `initialize`, as a new client sends it; the session it may open is never ended (a client that vanished). */
async function initialize(url: string, token: string): Promise<{ status: number; retryAfter: string | null }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'vanishing', version: '1' } },
    }),
  });
  await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after') };
}

/**
 * The caps section: `serve --http --max-sessions S --max-approvals A` with a few SDK clients.
 * Each unit is one model call (`shell_exec` whose question goes unanswered, so its approval is
 * issued, handed back in `_meta` and never resumed: the in-memory store must evict) plus one
 * bare `initialize` from a client that then vanishes without `DELETE` (its session stays until
 * it idles out, 30 minutes). The warm-up fills both caps; after it every `initialize` must be
 * refused with 503 and a `Retry-After` (one that is not counts its unit lost), and the server's
 * heap, read before and after the measured units, must stay flat: nothing is allowed for kept
 * approvals, since the store keeps at most A.
 */
export async function runCapsSection(options: SectionOptions, limits: CapsLimits): Promise<LoadSection> {
  const tree = createLoadTree();
  const token = randomBytes(24).toString('hex');
  const args = [
    'serve',
    '--root',
    tree.root,
    '--shell',
    '--http',
    '127.0.0.1:0',
    '--max-sessions',
    String(limits.maxSessions),
    '--max-approvals',
    String(limits.maxApprovals),
  ];
  const server = await startServer(args, { AGENTKIT_SERVE_TOKEN: token });
  const clients: Client[] = [];
  let full = false;
  const counts = { opened: 0, refused: 0 };
  try {
    for (let index = 0; index < options.concurrency; index += 1)
      clients.push(await connectClient(server.url, token, () => undefined));
    const target: LoadTarget = {
      name: `serve --http past its caps (${limits.maxSessions} sessions, ${limits.maxApprovals} approvals)`,
      kinds: ['shell'],
      callsOf: () => 1,
      pid: server.pid,
      runUnit: async (_kind, context: UnitContext) => {
        const marker = `${DEFER}caps-${context.index}`;
        const client = clients[context.worker] as Client;
        const result = (await context.time(() =>
          client.callTool({ name: 'shell_exec', arguments: { argv: ['echo', marker] } }),
        )) as CallToolResult;
        if (result.isError !== true || result._meta?.[APPROVAL_META_KEY] === undefined)
          throw new Error(`expected an approval handed back, got ${JSON.stringify(result).slice(0, 300)}`);
        const { status, retryAfter } = await initialize(server.url, token);
        if (status === 200 && !full) counts.opened += 1;
        else if (status === 503 && retryAfter !== null && /^\d+$/u.test(retryAfter)) counts.refused += 1;
        else throw new Error(`initialize past the session cap: HTTP ${status}, Retry-After ${String(retryAfter)}`);
      },
      close: () => Promise.resolve(),
    };
    const load = { concurrency: options.concurrency, unitDeadlineMs: options.unitDeadlineMs, log: options.log };
    const warmupCalls = Math.max(options.warmupCalls, limits.maxSessions + limits.maxApprovals);
    options.log(`${target.name}: warm-up, ${warmupCalls} units (fills both caps) ...`);
    const warmup = await runLoad(target, { ...load, totalCalls: warmupCalls });
    options.log(renderLoadSummary(warmup));
    full = true;
    const readServer = async (): Promise<Reading> => readOther(server.pid, await server.readHeapMb());
    const before: [Reading, Reading] = [await readServer(), readSelf()];
    const measured = options.totalCalls;
    options.log(`${target.name}: ${measured} units ...`);
    const result = await runLoad(target, { ...load, totalCalls: measured });
    const after: [Reading, Reading] = [await readServer(), readSelf()];
    const evictions = /evicting the oldest \((\d+) so far/u.exec(server.stderr())?.[1];
    options.log(
      `sessions: ${counts.opened} opened by vanishing clients (cap ${limits.maxSessions}, ` +
        `${options.concurrency} held by the callers), ${counts.refused} refused with 503 + Retry-After`,
    );
    options.log(
      `approvals: ${warmupCalls + measured} issued, the store kept at most ${limits.maxApprovals}; ` +
        `the server said it was evicting: ${evictions === undefined ? 'no' : 'yes'}`,
    );
    if (evictions === undefined)
      throw new Error(`the server never said it evicted approvals; its stderr:\n${server.stderr()}`);
    return {
      result,
      others: [warmup],
      watched: [
        { label: `the server (pid ${server.pid})`, heapLabel: 'heap used', before: before[0], after: after[0] },
        { label: 'this process (the clients)', heapLabel: 'heap used', before: before[1], after: after[1] },
      ],
    };
  } finally {
    await Promise.allSettled(clients.map((client) => client.close()));
    await server.stop();
    tree.remove();
  }
}
