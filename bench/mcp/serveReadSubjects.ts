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
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', '@swc-node/register/esm-register', BIN, 'serve', '--root', root],
    cwd: PROJECT_ROOT,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'agentkit-bench', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** Lines per page: the bench files' 64-character lines, numbered, stay within the 30,000-character budget of what the model reads. */
const PAGE_LINES = 400;

/** The file text of one served page: the `cat -n` numbered lines without their numbers, the paging notice left out. */
function getText(result: CallToolResult): string {
  const [first] = result.content;
  if (result.isError === true || first?.type !== 'text')
    throw new Error(`fs_read_file failed: ${JSON.stringify(result).slice(0, 300)}`);
  return first.text
    .split('\n')
    .filter((line) => /^ *\d+\t/u.test(line))
    .map((line) => `${line.replace(/^ *\d+\t/u, '')}\n`)
    .join('');
}

function getNextOffset(result: CallToolResult): number | undefined {
  const metadata = result._meta?.[RESULT_METADATA_META_KEY] as { nextOffset?: number } | undefined;
  return metadata?.nextOffset;
}

/**
 * `fs_read_file` of our `serve` with the SDK client: the whole file, page after page as the
 * result metadata says (`nextOffset`). The served text is what a model reads (line-numbered,
 * within a 30,000-character budget, as the provider adapters render it), so pages are
 * `PAGE_LINES` lines and the file is put back together from the numbered lines: a 64 KiB file
 * takes 3 calls, 1 MiB 41. Calls read `files` (identical copies) in turn, so each whole-file
 * read starts with a decode.
 */
export function createServeReadSubject(client: Client, files: readonly string[], label: string): ReadSubject {
  const nextFile = cycle(files);
  const read = async (): Promise<string> => {
    const file = nextFile();
    let text = '';
    for (let offset: number | undefined = 1; offset !== undefined;) {
      const result = (await client.callTool({
        name: 'fs_read_file',
        arguments: { path: file, offset, limit: PAGE_LINES },
      })) as CallToolResult;
      text += getText(result);
      offset = getNextOffset(result);
    }
    return text;
  };
  return { name: `agentkit serve fs_read_file, whole file (stdio), ${label}`, call: read, readText: read };
}
