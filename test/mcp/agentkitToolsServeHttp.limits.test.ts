import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { APPROVAL_META_KEY } from '../../src/mcp/index.js';
import { connectHttp, startHttpServe, type HttpServeProcess } from './fixtures/startHttpServe.js';

const TOKEN = 'limits-token-0123456789';

function textOf(result: unknown): string {
  return (result as CallToolResult).content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

/**
 * The bin's limits, end to end: `--max-approvals` bounds its in-memory approval store (the
 * oldest evicted, said on stderr, a resume of it answered `unknown_approval`), `--max-sessions`
 * its live sessions (past it `503` with `Retry-After`).
 */
describe('agentkit-tools serve --http --max-sessions --max-approvals', () => {
  let root: string;
  let serve: HttpServeProcess;
  let client: Client;

  beforeAll(async () => {
    root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-serve-http-limits-')));
    serve = await startHttpServe(
      ['serve', '--root', root, '--http', '127.0.0.1:0', '--max-sessions', '2', '--max-approvals', '1'],
      { AGENTKIT_SERVE_TOKEN: TOKEN },
    );
    client = await connectHttp(serve.url, TOKEN, { capabilities: { elicitation: {} } });
    // The person answers later: the first question fails, so the approval comes back in _meta; a resume is approved.
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      if (!request.params.message.includes('asks to resume approval')) throw new Error('answered later');
      return { action: 'accept', content: { approve: true } };
    });
  }, 120_000);

  afterAll(async () => {
    await client.close();
    serve.child.kill('SIGTERM');
    await serve.exited;
    await rm(root, { recursive: true, force: true });
  }, 60_000);

  it('evicts the oldest approval past --max-approvals, says so, and answers its resume unknown_approval', async () => {
    const first = { path: 'first.txt', content: '1' };
    const refused = (await client.callTool({ name: 'fs_write_file', arguments: first })) as CallToolResult;
    const approval = refused._meta?.[APPROVAL_META_KEY];
    expect(approval).toBeDefined();
    await client.callTool({ name: 'fs_write_file', arguments: { path: 'second.txt', content: '2' } });

    const resumed = await client.callTool({
      name: 'fs_write_file',
      arguments: first,
      _meta: { [APPROVAL_META_KEY]: approval },
    });
    expect(textOf(resumed)).toMatch(
      /^\[permission_denied\] The approval for tool `fs_write_file` was not accepted: .*may have been evicted because the limit of the store was reached/su,
    );
    expect(serve.stderr()).toContain(
      'agentkit-tools: the in-memory approval store holds its limit of 1 approvals: evicting the oldest (1 so far',
    );
  });

  it('refuses a session past --max-sessions with 503 and Retry-After', async () => {
    const second = await connectHttp(serve.url, TOKEN);
    try {
      const response = await fetch(serve.url, {
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
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'third', version: '1' } },
        }),
      });
      expect({
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: await response.text(),
      }).toStrictEqual({
        status: 503,
        retryAfter: expect.stringMatching(/^\d+$/u),
        body: expect.stringContaining('Too many MCP sessions: this server holds its limit of 2 live sessions.'),
      });
    } finally {
      await second.close();
    }
  });
});
