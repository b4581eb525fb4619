/**
 * Sample 07: the built-ins served over MCP. `agentkit-tools serve --root <dir>` (run here from
 * source) is a stdio MCP server, a safer drop-in for the official filesystem server; any MCP
 * client can use it. The SDK's own client connects, lists the tools, reads a file inside the
 * root, and is refused a read that escapes the root and a write that needs an approval it cannot
 * give (this client declares no elicitation). The server and the temp directory go at the end.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(PROJECT_ROOT, 'src/bin/agentkit-tools.ts');

export interface ServeOverMcpReport {
  readonly tools: readonly string[];
  readonly read: CallToolResult;
  readonly escape: CallToolResult;
  readonly write: CallToolResult;
  /** Whether the refused write created its file (it must not). */
  readonly written: boolean;
  /** The file outside the root, unchanged. */
  readonly outside: string;
  readonly cleanedUp: boolean;
}

function firstText(result: CallToolResult): string {
  const [first] = result.content;
  return first?.type === 'text' ? first.text : JSON.stringify(first);
}

export async function run(log: (line: string) => void = console.log): Promise<ServeOverMcpReport> {
  const base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-sample-07-')));
  const root = path.join(base, 'project');
  let client: Client | undefined;
  try {
    await mkdir(root);
    await writeFile(path.join(root, 'notes.txt'), 'Served over MCP.\n');
    await writeFile(path.join(base, 'secret.txt'), 'outside the root\n');
    // The temp path differs on every run: show it as <root>.
    const shown = (text: string): string => text.split(root).join('<root>').split(base).join('<base>');

    // What an MCP client config would say: command `agentkit-tools`, args `serve --root <dir>`.
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', '@swc-node/register/esm-register', BIN, 'serve', '--root', root],
      cwd: PROJECT_ROOT,
      stderr: 'pipe',
    });
    client = new Client({ name: 'sample-07', version: '1.0.0' });
    await client.connect(transport);
    log(`connected to ${client.getServerVersion()?.name ?? '?'} over stdio`);

    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    log(`tools: ${tools.join(', ')}`);

    const read = (await client.callTool({ name: 'fs_read_file', arguments: { path: 'notes.txt' } })) as CallToolResult;
    log(`fs_read_file notes.txt -> ${JSON.stringify(firstText(read))}`);

    const escape = (await client.callTool({
      name: 'fs_read_file',
      arguments: { path: '../secret.txt' },
    })) as CallToolResult;
    log(`fs_read_file ../secret.txt -> isError: ${escape.isError === true}, ${shown(firstText(escape))}`);

    const write = (await client.callTool({
      name: 'fs_write_file',
      arguments: { path: 'new.txt', content: 'hi' },
    })) as CallToolResult;
    log(`fs_write_file new.txt -> isError: ${write.isError === true}, ${shown(firstText(write))}`);

    const written = existsSync(path.join(root, 'new.txt'));
    const outside = await readFile(path.join(base, 'secret.txt'), 'utf8');
    log(`new.txt created: ${written}`);
    await client.close();
    client = undefined;
    await rm(base, { recursive: true, force: true });
    log(`server stopped, temp directory removed: ${!existsSync(base)}`);
    return { tools, read, escape, write, written, outside, cleanedUp: !existsSync(base) };
  } finally {
    await client?.close();
    await rm(base, { recursive: true, force: true });
  }
}
