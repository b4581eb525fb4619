import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The temp tree every load run reads and writes in. */
export interface LoadTree {
  /** The temp directory holding everything; removed by {@link LoadTree.remove}. */
  readonly base: string;
  /** The workspace root served to the tools. */
  readonly root: string;
  /** Where approved writes create (and approved deletes remove) their files. */
  readonly outDir: string;
  /** The readable files, relative to the root. */
  readonly files: readonly string[];
  /** A file next to the root, outside it: reads of it are denied. */
  readonly outside: string;
  /** The marker line inside `files[index]`: a read is checked to have returned this file. */
  markerOf(index: number): string;
  remove(): void;
}

export const TREE_FILE_COUNT = 64;

/** Writes the tree: 64 text files of 2-4 KB under `root/docs`, an empty `root/out`, and `outside.txt` outside the root. */
export function createLoadTree(): LoadTree {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-load-')));
  const root = path.join(base, 'root');
  const outDir = path.join(root, 'out');
  mkdirSync(path.join(root, 'docs'), { recursive: true });
  mkdirSync(outDir);
  const markerOf = (index: number): string => `load marker ${index}`;
  const files: string[] = [];
  for (let index = 0; index < TREE_FILE_COUNT; index += 1) {
    const name = `docs/file-${String(index).padStart(2, '0')}.txt`;
    const filler = Array.from(
      { length: 40 + index },
      (_, line) => `line ${line} of a file the load run reads again and again`,
    );
    writeFileSync(path.join(root, name), `${markerOf(index)}\n${filler.join('\n')}\n`);
    files.push(name);
  }
  const outside = path.join(base, 'outside.txt');
  writeFileSync(outside, 'outside the root\n');
  return {
    base,
    root,
    outDir,
    files,
    outside,
    markerOf,
    remove: () => {
      rmSync(base, { recursive: true, force: true });
    },
  };
}
