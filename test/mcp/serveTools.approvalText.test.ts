import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Container } from 'inversify';
import { agentkitModule, TOOL_EXECUTOR, type ToolExecutor } from '../../src/index.js';
import { serveTools } from '../../src/mcp/index.js';
import { shellTools } from '../../src/shell/index.js';

/** A client connected in memory to `serveTools(executor)`. */
async function connect(executor: ToolExecutor, capabilities: ConstructorParameters<typeof Client>[1]): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await serveTools(executor, serverSide);
  const client = new Client({ name: 'approval-test', version: '1.0.0' }, capabilities);
  await client.connect(clientSide);
  return client;
}

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result as CallToolResult).content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

describe(`${serveTools.name} approval text`, () => {
  let root: string;
  let executor: ToolExecutor;
  let eliciting: Client;
  let plain: Client;
  const asked: string[] = [];
  // A long, harmless-looking prefix, then the payload a cut at a few hundred characters would hide.
  let command: string;

  beforeAll(async () => {
    root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-approval-text-')));
    command = `git status -- ${'x'.repeat(400)} ; touch ${path.join(root, 'pwned')}`;
    const container = new Container();
    container.load(agentkitModule({ roots: [{ path: root }] }), shellTools());
    executor = await container.getAsync(TOOL_EXECUTOR);
    eliciting = await connect(executor, { capabilities: { elicitation: {} } });
    eliciting.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action: 'decline' };
    });
    plain = await connect(executor, { capabilities: {} });
  });

  afterAll(async () => {
    await Promise.all([eliciting.close(), plain.close()]);
    await executor.close();
    await rm(root, { recursive: true, force: true });
  });

  it('shows the person the whole command, hidden tail included, and its length', async () => {
    const result = await eliciting.callTool({ name: 'shell_exec', arguments: { command } });

    expect(result.isError).toBe(true);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain(`shell.exec target (${command.length} characters, in full): ${JSON.stringify(command)}`);
    await expect(readFile(path.join(root, 'pwned'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('tells the client the whole command when it refuses for want of elicitation', async () => {
    const result = await plain.callTool({ name: 'shell_exec', arguments: { command } });

    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(`; touch ${path.join(root, 'pwned')}`);
    await expect(readFile(path.join(root, 'pwned'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('escapes newlines and invisible characters, so nothing in a target passes for the end of the text', async () => {
    const sneaky = `git status\u202e\n; touch ${path.join(root, 'pwned')}`;
    await eliciting.callTool({ name: 'shell_exec', arguments: { command: sneaky } });

    expect(asked.at(-1)).toContain(`"git status\\u202e\\n; touch ${path.join(root, 'pwned')}"`);
  });
});
