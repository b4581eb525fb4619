import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Container } from 'inversify';
import { agentkitModule, TOOL_EXECUTOR, type ToolExecutor } from '../../src/index.js';
import { DEFAULT_MAX_CHARS } from '../../src/internal/index.js';
import { serveTools } from '../../src/mcp/index.js';
import { shellTools } from '../../src/shell/index.js';

describe(`${serveTools.name} model text`, () => {
  let root: string;
  let executor: ToolExecutor;
  let client: Client;

  beforeAll(async () => {
    root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-serve-text-')));
    const container = new Container();
    container.load(agentkitModule({ roots: [{ path: root }] }), shellTools());
    executor = await container.getAsync(TOOL_EXECUTOR);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await serveTools(executor, serverSide);
    client = new Client({ name: 'model-text-test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { approve: true } }));
    await client.connect(clientSide);
  });

  afterAll(async () => {
    await client.close();
    await executor.close();
    await rm(root, { recursive: true, force: true });
  });

  it('sends the shell text of the provider adapters, a flood kept within the budget as head + tail', async () => {
    const result = (await client.callTool({
      name: 'shell_exec',
      arguments: { command: 'seq 1 300000' },
    })) as CallToolResult;

    expect(result.isError).toBeUndefined();
    expect(result.content).toHaveLength(1);
    const [block] = result.content;
    const text = block?.type === 'text' ? block.text : '';
    expect(text.length).toBeLessThanOrEqual(DEFAULT_MAX_CHARS);
    expect(text.split('\n').slice(0, 4)).toStrictEqual([
      'exit code 0',
      '[truncated: the output passed the size limit and was cut]',
      '--- stdout ---',
      '1',
    ]);
    expect(text.split('\n').slice(-2)).toStrictEqual(['299999', '300000']);
    expect(text).toMatch(
      /\n\[\.\.\. [\d,]+ characters \([\d,]+ line breaks\) cut from the middle of this result to fit [\d,]+ characters \.\.\.\]\n/u,
    );
    expect(result.structuredContent).toMatchObject({ exitCode: 0, timedOut: false });
  }, 30_000);

  it('sends a failure as the error text the provider adapters send', async () => {
    const result = await client.callTool({ name: 'shell_exec', arguments: { command: 1 } });

    expect(result).toStrictEqual({
      isError: true,
      content: [{ type: 'text', text: expect.stringMatching(/^\[invalid_input\] /u) }],
    });
  });

  it('keeps results within the budget the host gives (render.maxChars)', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = await serveTools(executor, serverSide, { render: { maxChars: 2_000 } });
    const small = new Client({ name: 'budget-test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    small.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { approve: true } }));
    await small.connect(clientSide);
    try {
      const result = (await small.callTool({
        name: 'shell_exec',
        arguments: { command: 'seq 1 3000' },
      })) as CallToolResult;
      const [block] = result.content;
      const text = block?.type === 'text' ? block.text : '';
      expect({
        length: text.length <= 2_000,
        head: text.split('\n').slice(0, 3),
        tail: text.split('\n').slice(-1),
      }).toStrictEqual({
        length: true,
        head: ['exit code 0', '--- stdout ---', '1'],
        tail: ['3000'],
      });
    } finally {
      await small.close();
      await server.close();
    }
  }, 30_000);

  it.each([
    [{ render: { maxChars: 10 } }, /render: \{ maxChars \} \}\) must be a whole number from 200/u],
    [{ render: { lineNumber: false } }, /unknown key "lineNumber"/u],
    [{ sesionId: 'x' }, /unknown key "sesionId"/u],
  ])('refuses %j at start-up', async (options, message) => {
    const [, serverSide] = InMemoryTransport.createLinkedPair();
    await expect(serveTools(executor, serverSide, options as never)).rejects.toThrow(message);
  });
});
