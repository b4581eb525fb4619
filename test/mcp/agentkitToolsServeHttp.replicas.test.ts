import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { APPROVAL_META_KEY } from '../../src/mcp/index.js';
import { getRedisUrl } from './fixtures/getRedisUrl.js';
import { connectHttp, startHttpServe, type HttpServeProcess } from './fixtures/startHttpServe.js';

const TOKEN = 'replica-token-0123456789';
const SUITE = 'agentkit-tools serve --http replicas sharing a Redis approval store';
const redisUrl = getRedisUrl(SUITE);

function textOf(result: unknown): string {
  return (result as CallToolResult).content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

/** A client of `serve` whose user approves every question. */
async function connectApproving(url: string): Promise<Client> {
  const client = await connectHttp(url, TOKEN, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { approve: true } }));
  return client;
}

(redisUrl === undefined ? describe.skip : describe)(SUITE, () => {
  let root: string;
  const servers: HttpServeProcess[] = [];
  const clients: Client[] = [];
  let issuing: Client;
  let onA: Client;
  let onB: Client;
  let onLone: Client;

  beforeAll(async () => {
    root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-serve-http-replicas-')));
    const start = (store: string[]) =>
      startHttpServe(['serve', '--root', root, '--shell', '--http', '127.0.0.1:0', ...store], {
        AGENTKIT_SERVE_TOKEN: TOKEN,
      });
    // A and B share the Redis store; the lone one keeps approvals in memory, as without --approval-store.
    servers.push(
      ...(await Promise.all([
        start(['--approval-store', redisUrl ?? '']),
        start(['--approval-store', redisUrl ?? '']),
        start([]),
      ])),
    );
    const [a, b, lone] = servers as [HttpServeProcess, HttpServeProcess, HttpServeProcess];
    [issuing, onA, onB, onLone] = await Promise.all([
      connectHttp(a.url, TOKEN),
      connectApproving(a.url),
      connectApproving(b.url),
      connectApproving(lone.url),
    ]);
    clients.push(issuing, onA, onB, onLone);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await rm(root, { recursive: true, force: true });
  }, 60_000);

  /** A call that needs approval, refused on A to a client that cannot ask: its approval. */
  async function issueOnA(
    log: string,
  ): Promise<{ call: { name: string; arguments: { command: string } }; approval: unknown }> {
    const call = { name: 'shell_exec', arguments: { command: `echo run >> ${log}` } };
    const refused = await issuing.callTool(call);
    expect(refused).toMatchObject({ isError: true, _meta: { [APPROVAL_META_KEY]: { toolName: 'shell_exec' } } });
    return { call, approval: refused._meta?.[APPROVAL_META_KEY] };
  }

  it('resumes on replica B an approval issued on replica A, once: A then refuses it as already used', async () => {
    const { call, approval } = await issueOnA('first.log');

    const onReplicaB = await onB.callTool({ ...call, _meta: { [APPROVAL_META_KEY]: approval } });
    const backOnA = await onA.callTool({ ...call, _meta: { [APPROVAL_META_KEY]: approval } });

    expect(onReplicaB.isError).toBeUndefined();
    expect(textOf(backOnA)).toMatch(
      /^\[permission_denied\] The approval for tool `shell_exec` was not accepted: it was already used/u,
    );
    expect(await readFile(path.join(root, 'first.log'), 'utf8')).toBe('run\n');
  }, 60_000);

  it('runs exactly once when both replicas resume the same approval at the same moment', async () => {
    const { call, approval } = await issueOnA('race.log');

    const results = await Promise.all(
      [onA, onB, onA, onB].map((client) => client.callTool({ ...call, _meta: { [APPROVAL_META_KEY]: approval } })),
    );

    expect(results.filter((result) => result.isError === undefined)).toHaveLength(1);
    expect(results.filter((result) => /it was already used/u.test(textOf(result)))).toHaveLength(3);
    expect(await readFile(path.join(root, 'race.log'), 'utf8')).toBe('run\n');
  }, 60_000);

  it('cannot resume it on a replica without the shared store: unknown there, nothing run', async () => {
    const { call, approval } = await issueOnA('lone.log');

    const elsewhere = await onLone.callTool({ ...call, _meta: { [APPROVAL_META_KEY]: approval } });

    expect(textOf(elsewhere)).toMatch(
      /^\[permission_denied\] The approval for tool `shell_exec` was not accepted: its approval store does not know it/u,
    );
    await expect(readFile(path.join(root, 'lone.log'))).rejects.toMatchObject({ code: 'ENOENT' });
  }, 60_000);
});
