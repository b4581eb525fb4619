import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { readFile, realpath } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Subject } from '../measure.js';
import type { FsExecutor } from './createFsExecutor.js';

/**
 * The next file of `files`, round and round. Subjects read identical copies in turn, so a call
 * never finds the file it reads in our decoded-text cache (8 files): every read decodes, as the
 * first read of a file does. The OS page cache holds every copy, for every subject alike.
 */
export function cycle(files: readonly string[]): () => string {
  if (files.length === 0) throw new Error('no files to read');
  let next = 0;
  return () => files[next++ % files.length] as string;
}

/** A subject that can say what one call returned, to check every subject reads the same file. */
export interface ReadSubject extends Subject {
  /** The text one call returns (the first `lines` lines, for subjects that page). */
  readText(): Promise<string>;
  close?(): Promise<void>;
}

/** The floor: `fs.promises.readFile` after a realpath containment check, as a hand-written tool body would. */
export function createBaselineReadSubject(root: string, files: readonly string[], label: string): ReadSubject {
  const prefix = root + path.sep;
  const nextFile = cycle(files);
  const read = async (): Promise<string> => {
    const file = nextFile();
    const real = await realpath(path.resolve(root, file));
    if (!real.startsWith(prefix)) throw new Error(`${file} is outside ${root}`);
    return readFile(real, 'utf8');
  };
  return { name: `readFile + realpath check, ${label}`, call: read, readText: read };
}

/**
 * `fs_read_file` through the executor: validation, preflight, default permission checker,
 * open-time re-check, decoding, paging. With one file, every call after the first pages the
 * text the decoded-text cache kept (`name` says so).
 */
export function createAgentkitReadSubject(
  fs: FsExecutor,
  files: readonly string[],
  label: string,
  name = `agentkit fs_read_file (executor), ${label}`,
): ReadSubject {
  const nextFile = cycle(files);
  const read = async (): Promise<string> => {
    const outcome = await fs.call('fs_read_file', { path: nextFile() });
    if (outcome.status !== 'completed' || outcome.result.result.output.type !== 'text')
      throw new Error(`fs_read_file failed: ${JSON.stringify(outcome)}`);
    return outcome.result.result.output.text;
  };
  return { name, call: read, readText: read };
}

/**
 * The official MCP filesystem server (`@modelcontextprotocol/server-filesystem`), spawned as
 * `node <entry> <root>` and called with the MCP SDK client over stdio: `read_text_file`.
 */
export async function createMcpReadSubject(
  root: string,
  files: readonly string[],
  label: string,
): Promise<ReadSubject> {
  const entry = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
  const transport = new StdioClientTransport({ command: process.execPath, args: [entry, root], stderr: 'ignore' });
  const client = new Client({ name: 'agentkit-bench', version: '1.0.0' });
  await client.connect(transport);
  const nextFile = cycle(files);
  const read = async (): Promise<string> => {
    const result = await client.callTool({ name: 'read_text_file', arguments: { path: path.join(root, nextFile()) } });
    const [first] = result.content as { type: string; text?: string }[];
    if (result.isError === true || first?.type !== 'text' || first.text === undefined)
      throw new Error(`read_text_file failed: ${JSON.stringify(result).slice(0, 300)}`);
    return first.text;
  };
  return {
    name: `MCP server-filesystem read_text_file (stdio), ${label}`,
    call: read,
    readText: read,
    close: () => client.close(),
  };
}
