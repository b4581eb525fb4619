import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { RESULT_METADATA_META_KEY } from '../../src/mcp/index.js';
import { cycle, type ReadSubject } from '../fs/readSubjects.js';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(PROJECT_ROOT, 'src/bin/agentkit-tools.ts');

/** A client of `agentkit-tools serve --root <root>` (run from source), over stdio. */
export async function connectToServe(root: string): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: ['--import', '@swc-node/register/esm-register', BIN, 'serve', '--root', root], cwd: PROJECT_ROOT, stderr: 'ignore' });
  const client = new Client({ name: 'agentkit-bench', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

function getText(result: CallToolResult): string {
  const [first] = result.content;
  if (result.isError === true || first?.type !== 'text') throw new Error(`fs_read_file failed: ${JSON.stringify(result).slice(0, 300)}`);
  return first.text;
}

function getNextOffset(result: CallToolResult): number | undefined {
  const metadata = result._meta?.[RESULT_METADATA_META_KEY] as { nextOffset?: number } | undefined;
  return metadata?.nextOffset;
}

/**
 * `fs_read_file` of our `serve` with the SDK client: the whole file, page after page as the
 * result metadata says (`nextOffset`), each page as large as the tool allows (`limit` 100,000
 * lines, cut at 256,000 characters). A 64 KiB file is one call; 1 MiB takes several. Calls
 * read `files` (identical copies) in turn, so each whole-file read starts with a decode.
 */
export function createServeReadSubject(client: Client, files: readonly string[], label: string): ReadSubject {
  const nextFile = cycle(files);
  const read = async (): Promise<string> => {
    const file = nextFile();
    let text = '';
    for (let offset: number | undefined = 1; offset !== undefined; ) {
      const result = (await client.callTool({ name: 'fs_read_file', arguments: { path: file, offset, limit: 100_000 } })) as CallToolResult;
      text += getText(result);
      offset = getNextOffset(result);
    }
    return text;
  };
  return { name: `agentkit serve fs_read_file, whole file (stdio), ${label}`, call: read, readText: read };
}
