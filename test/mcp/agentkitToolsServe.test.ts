import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { BIN, connectToServe, PROJECT_ROOT } from './fixtures/startServe.js';
import { compiledScript } from '../fixtures/compiledScript.js';

const run = promisify(execFile);
const INSPECTOR = path.join(PROJECT_ROOT, 'node_modules/@modelcontextprotocol/inspector-cli/build/index.js');

describe('agentkit-tools serve', () => {
  let root: string;
  let plain: Client;
  let eliciting: Client;
  const asked: string[] = [];

  beforeAll(async () => {
    root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-serve-')));
    await writeFile(path.join(root, 'notes.txt'), 'hello\n');
    [plain, eliciting] = await Promise.all([
      connectToServe(['serve', '--root', root]),
      connectToServe(['serve', '--root', root], { capabilities: { elicitation: {} } }),
    ]);
    eliciting.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { approve: !request.params.message.includes('refuse-me') } };
    });
  }, 30_000);

  afterAll(async () => {
    await Promise.all([plain.close(), eliciting.close()]);
    await rm(root, { recursive: true, force: true });
  });

  it('lists the filesystem tools with their JSON Schemas', async () => {
    const { tools } = await plain.listTools();

    expect(tools.map((tool) => tool.name)).toStrictEqual([
      'fs_create_directory',
      'fs_delete',
      'fs_edit_file',
      'fs_glob',
      'fs_grep',
      'fs_list_directory',
      'fs_move',
      'fs_read_file',
      'fs_write_file',
    ]);
    expect(tools.find((tool) => tool.name === 'fs_read_file')?.inputSchema).toMatchObject({
      type: 'object',
      required: ['path'],
      additionalProperties: false,
    });
  });

  it('reads a file inside the root, line-numbered as the provider adapters render it, with the result metadata in _meta', async () => {
    const result = await plain.callTool({ name: 'fs_read_file', arguments: { path: 'notes.txt' } });

    expect(result).toStrictEqual({
      content: [{ type: 'text', text: '     1\thello' }],
      _meta: {
        'agentkit-tools/metadata': expect.objectContaining({
          totalLines: 1,
          offset: 1,
          truncated: false,
          path: path.join(root, 'notes.txt'),
          size: 6,
        }),
      },
    });
  });

  it('says so, to the model too, when a read returns one page of a longer file: the paging notice of the provider adapters', async () => {
    await writeFile(
      path.join(root, 'long.txt'),
      Array.from({ length: 5 }, (_, index) => `line ${index + 1}\n`).join(''),
    );

    const result = await plain.callTool({ name: 'fs_read_file', arguments: { path: 'long.txt', limit: 2 } });

    expect(result).toStrictEqual({
      content: [{ type: 'text', text: '     1\tline 1\n     2\tline 2\n[lines 1-2 of 5; call again with offset 3]' }],
      _meta: {
        'agentkit-tools/metadata': expect.objectContaining({
          totalLines: 5,
          offset: 1,
          limit: 2,
          nextOffset: 3,
          truncated: true,
        }),
      },
    });
  });

  it('answers a glob with compact text (paths relative to the root, one per line), as the provider adapters render it', async () => {
    const result = await plain.callTool({ name: 'fs_glob', arguments: { pattern: 'notes.*' } });

    expect(result.content).toStrictEqual([{ type: 'text', text: `1 path in ${root}:\nnotes.txt` }]);
  });

  it('refuses a path outside the root', async () => {
    const result = await plain.callTool({ name: 'fs_read_file', arguments: { path: '/etc/hostname' } });

    expect(result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: expect.stringMatching(/^\[permission_denied\] .*outside the workspace roots/u) }],
    });
  });

  it('refuses invalid arguments with the validation message', async () => {
    const result = await plain.callTool({ name: 'fs_read_file', arguments: { path: 'notes.txt', extra: 1 } });

    expect(result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: expect.stringMatching(/^\[invalid_input\] /u) }],
    });
  });

  it('refuses a write that needs approval when the client cannot elicit, and writes nothing', async () => {
    const result = await plain.callTool({ name: 'fs_write_file', arguments: { path: 'new.txt', content: 'x' } });

    expect(result).toMatchObject({
      isError: true,
      content: [
        {
          type: 'text',
          text: expect.stringMatching(
            /^\[approval_required\] Refused: .*no elicitation support\)\. Nothing was run\.\nTool fs_write_file needs your approval: .*\n- .*\n {2}fs\.write target \(\d+ characters, in full\): ".*new\.txt"$/u,
          ),
        },
      ],
    });
    await expect(readFile(path.join(root, 'new.txt'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('asks through elicitation, and writes once approved', async () => {
    const result = await eliciting.callTool({
      name: 'fs_write_file',
      arguments: { path: 'approved.txt', content: 'yes' },
    });

    expect(result.isError).toBeUndefined();
    expect(asked.at(-1)).toMatch(/^Tool fs_write_file needs your approval: /u);
    expect(await readFile(path.join(root, 'approved.txt'), 'utf8')).toBe('yes');
  });

  it('refuses when the user declines the elicitation', async () => {
    const result = await eliciting.callTool({
      name: 'fs_write_file',
      arguments: { path: 'refuse-me.txt', content: 'no' },
    });

    expect(result).toMatchObject({
      isError: true,
      content: [
        { type: 'text', text: expect.stringMatching(/^\[permission_denied\] Refused: the user did not approve/u) },
      ],
    });
    await expect(readFile(path.join(root, 'refuse-me.txt'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('is listed and called by the MCP Inspector CLI', async () => {
    const serve = `cd "${PROJECT_ROOT}" && exec "${process.execPath}" "${await compiledScript(BIN)}" serve --root "${root}"`;
    // The inspector finds its own package.json through `../package.json` of its working directory.
    const inspect = (method: string[]) =>
      run(process.execPath, [INSPECTOR, '/bin/sh', ...method, '--', '-c', serve], {
        cwd: path.join(PROJECT_ROOT, 'src'),
        timeout: 30_000,
      });
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
  }, 30_000);
});
