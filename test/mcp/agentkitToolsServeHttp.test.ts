import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { APPROVAL_META_KEY } from '../../src/mcp/index.js';
import { connectHttp, startHttpServe, type HttpServeProcess } from './fixtures/startHttpServe.js';
import { PROJECT_ROOT } from './fixtures/startServe.js';

const run = promisify(execFile);
const INSPECTOR = path.join(PROJECT_ROOT, 'node_modules/@modelcontextprotocol/inspector-cli/build/index.js');
const TOKEN = 'test-token-0123456789abcdef';

function textOf(result: unknown): string {
  return (result as CallToolResult).content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

describe('agentkit-tools serve --http', () => {
  let root: string;
  let serve: HttpServeProcess;
  let plain: Client;
  let eliciting: Client;
  const asked: string[] = [];
  /** How many of the next questions the person says no to, whatever they ask. */
  let noes = 0;

  beforeAll(async () => {
    root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-serve-http-')));
    await writeFile(path.join(root, 'notes.txt'), 'hello\n');
    serve = await startHttpServe(['serve', '--root', root, '--shell', '--http', '127.0.0.1:0'], {
      AGENTKIT_SERVE_TOKEN: TOKEN,
    });
    [plain, eliciting] = await Promise.all([
      connectHttp(serve.url, TOKEN),
      connectHttp(serve.url, TOKEN, { capabilities: { elicitation: {} } }),
    ]);
    eliciting.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      const no = noes > 0 || request.params.message.includes('refuse-me');
      noes = Math.max(0, noes - 1);
      return { action: 'accept', content: { approve: !no } };
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([plain.close(), eliciting.close()]);
    serve.child.kill('SIGTERM');
    await serve.exited;
    await rm(root, { recursive: true, force: true });
  }, 60_000);

  it('prints the bound address of port 0 and serves the filesystem tools there, with the SDK client', async () => {
    const { tools } = await plain.listTools();

    expect(serve.url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*\/mcp$/u);
    expect(tools.map((tool) => tool.name)).toContain('fs_read_file');
    expect(await plain.callTool({ name: 'fs_read_file', arguments: { path: 'notes.txt' } })).toMatchObject({
      content: [{ type: 'text', text: '     1\thello' }],
    });
  });

  it('answers 401 with a Bearer challenge without the token or with a wrong one, and runs nothing', async () => {
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const missing = await fetch(serve.url, { method: 'POST', headers, body: initialize });
    const wrong = await fetch(serve.url, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${TOKEN}x` },
      body: initialize,
    });
    const right = await fetch(serve.url, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${TOKEN}` },
      body: initialize,
    });

    expect([
      missing.status,
      missing.headers.get('www-authenticate'),
      missing.headers.get('mcp-session-id'),
    ]).toStrictEqual([401, 'Bearer realm="agentkit-tools"', null]);
    expect([wrong.status, wrong.headers.get('www-authenticate')]).toStrictEqual([
      401,
      'Bearer realm="agentkit-tools", error="invalid_token"',
    ]);
    expect([right.status, right.headers.get('mcp-session-id')]).toStrictEqual([
      200,
      expect.stringMatching(/^[0-9a-f-]{36}$/u),
    ]);
    await expect(connectHttp(serve.url, 'another-token-0123456789')).rejects.toThrow(/unauthorized/u);
  });

  it('answers GET /healthz without a token, and 404 for an unknown session', async () => {
    const health = await fetch(new URL('/healthz', serve.url));
    const unknown = await fetch(serve.url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TOKEN}`,
        'mcp-session-id': 'no-such-session',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: '{}',
    });

    expect([health.status, await health.json()]).toStrictEqual([200, { status: 'ok' }]);
    expect([unknown.status, await unknown.json()]).toStrictEqual([
      404,
      { jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null },
    ]);
  });

  it('asks through elicitation on the call stream, and writes once approved', async () => {
    const result = await eliciting.callTool({
      name: 'fs_write_file',
      arguments: { path: 'approved.txt', content: 'yes' },
    });

    expect(result.isError).toBeUndefined();
    expect(asked.at(-1)).toMatch(/^Tool fs_write_file needs your approval: /u);
    expect(await readFile(path.join(root, 'approved.txt'), 'utf8')).toBe('yes');
  });

  it('refuses when the user declines', async () => {
    const result = await eliciting.callTool({
      name: 'fs_write_file',
      arguments: { path: 'refuse-me.txt', content: 'no' },
    });

    expect(textOf(result)).toMatch(/^\[permission_denied\] Refused: the user did not approve/u);
    await expect(readFile(path.join(root, 'refuse-me.txt'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a client that cannot elicit, handing it the approval, which another session resumes once after asking its user', async () => {
    const call = { name: 'shell_exec', arguments: { command: 'echo run >> runs.log' } };
    const refused = await plain.callTool(call);
    const approval = refused._meta?.[APPROVAL_META_KEY];

    expect(refused).toMatchObject({
      isError: true,
      _meta: { [APPROVAL_META_KEY]: { toolName: 'shell_exec', id: expect.any(String), binding: expect.any(String) } },
    });
    await expect(readFile(path.join(root, 'runs.log'))).rejects.toMatchObject({ code: 'ENOENT' });

    const resumed = await eliciting.callTool({ ...call, _meta: { [APPROVAL_META_KEY]: approval } });
    const question = asked.at(-1);
    const again = await eliciting.callTool({ ...call, _meta: { [APPROVAL_META_KEY]: approval } });
    const otherInput = await eliciting.callTool({
      name: 'shell_exec',
      arguments: { command: 'echo other >> runs.log' },
      _meta: { [APPROVAL_META_KEY]: approval },
    });

    expect(resumed.isError).toBeUndefined();
    expect(question).toBe(
      `Tool shell_exec asks to resume approval ${JSON.stringify((approval as { id: string }).id)} and run once with this input (34 characters, in full): ${JSON.stringify(JSON.stringify(call.arguments))}`,
    );
    expect(textOf(again)).toMatch(
      /^\[permission_denied\] The approval for tool `shell_exec` was not accepted: it was already used/u,
    );
    expect(textOf(otherInput)).toMatch(
      /^\[permission_denied\] The approval for tool `shell_exec` was not accepted: it was issued for a different call/u,
    );
    expect(await readFile(path.join(root, 'runs.log'), 'utf8')).toBe('run\n');
  });

  it('refuses a resume when the person declines, and the approval is gone for good', async () => {
    const call = { name: 'shell_exec', arguments: { command: 'echo declined >> runs2.log' } };
    const approval = (await plain.callTool(call))._meta?.[APPROVAL_META_KEY];
    noes = 1;

    const declined = await eliciting.callTool({ ...call, _meta: { [APPROVAL_META_KEY]: approval } });
    const retried = await eliciting.callTool({ ...call, _meta: { [APPROVAL_META_KEY]: approval } });

    expect(textOf(declined)).toMatch(
      /^\[permission_denied\] Refused: the user did not approve this call\. Nothing was run\./u,
    );
    expect(textOf(retried)).toMatch(
      /^\[permission_denied\] The approval for tool `shell_exec` was not accepted: it was already used/u,
    );
    await expect(readFile(path.join(root, 'runs2.log'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('is listed and called by the MCP Inspector CLI over HTTP with the bearer token', async () => {
    // The inspector finds its own package.json through `../package.json` of its working directory.
    const inspect = (method: string[]) =>
      run(
        process.execPath,
        [INSPECTOR, serve.url, '--transport', 'http', '--header', `Authorization: Bearer ${TOKEN}`, ...method],
        {
          cwd: path.join(PROJECT_ROOT, 'src'),
          timeout: 60_000,
        },
      );
    const [listed, called] = await Promise.all([
      inspect(['--method', 'tools/list']),
      inspect(['--method', 'tools/call', '--tool-name', 'fs_read_file', '--tool-arg', 'path=notes.txt']),
    ]);

    expect((JSON.parse(listed.stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name)).toContain(
      'fs_read_file',
    );
    expect(JSON.parse(called.stdout)).toMatchObject({
      content: [{ type: 'text', text: '     1\thello' }],
      _meta: { 'agentkit-tools/metadata': { totalLines: 1 } },
    });
  }, 60_000);
});
