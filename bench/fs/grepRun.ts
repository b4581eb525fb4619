import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatMs, formatRatio, renderTable } from '../format.js';
import { describeLoad } from '../report.js';
import { createFsExecutor, type FsExecutor } from './createFsExecutor.js';
import {
  compareGrep,
  GREP_TREE,
  runFsGrep,
  runGrep,
  writeGrepTree,
  writeIgnoredTree,
  type GrepComparison,
} from './grepBench.js';

export const GREP_ROUNDS = 9;

/** Label of the row over {@link writeIgnoredTree}: for the record, not a target (both sides read 200 small files, fixed costs dominate). */
export const IGNORED_ROW =
  'literal "export const needle", src beside an ignored node_modules of 10,000 files (grep --exclude-dir=node_modules)';

/**
 * The grep rows: the targets (a literal and a regex) plus, for the record, a
 * case-insensitive search and a frequent match, and with `ignoredTree`, fs_grep (which skips
 * what `.gitignore` ignores by default) against `grep -rn --exclude-dir=node_modules` on a tree
 * with a big ignored `node_modules`.
 */
export async function compareGreps(fs: FsExecutor, tree: string, ignoredTree?: string): Promise<GrepComparison[]> {
  const rows = [
    await compareGrep(
      'literal "needle = 1107;"',
      () => runGrep(['-rn', 'needle = 1107;'], tree),
      () => runFsGrep(fs, 'needle = 1107;', tree),
      GREP_ROUNDS,
    ),
    await compareGrep(
      'literal "export const needle"',
      () => runGrep(['-rn', 'export const needle'], tree),
      () => runFsGrep(fs, 'export const needle', tree),
      GREP_ROUNDS,
    ),
    await compareGrep(
      'regex "needle = [0-9]+;" (grep -rnE)',
      () => runGrep(['-rnE', 'needle = [0-9]+;'], tree),
      () => runFsGrep(fs, 'needle = [0-9]+;', tree),
      GREP_ROUNDS,
    ),
    await compareGrep(
      'regex "^export const \\w+ = \\d+;$" (grep -rnP)',
      () => runGrep(['-rnP', '^export const \\w+ = \\d+;$'], tree),
      () => runFsGrep(fs, '^export const \\w+ = \\d+;$', tree),
      GREP_ROUNDS,
    ),
  ];
  if (ignoredTree !== undefined) {
    rows.push(
      await compareGrep(
        IGNORED_ROW,
        () => runGrep(['-rn', '--exclude-dir=node_modules', 'export const needle'], ignoredTree),
        () => runFsGrep(fs, 'export const needle', ignoredTree),
        GREP_ROUNDS,
      ),
    );
  }
  return rows;
}

export function renderGrepTable(files: number, greps: readonly GrepComparison[]): string {
  return renderTable(
    [`search of ${files} files (${GREP_TREE.linesPerFile} lines each)`, 'matches', 'grep -rn', 'fs_grep', 'ratio'],
    greps.map((row) => [
      row.label,
      String(row.matches),
      formatMs(row.grepMs),
      formatMs(row.fsGrepMs),
      formatRatio(row.fsGrepMs / row.grepMs),
    ]),
  );
}

/** Only the grep part of the filesystem bench (`node --import @swc-node/register/esm-register bench/fs/grepRun.ts`). */
async function main(): Promise<void> {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-grep-bench-')));
  try {
    const tree = path.join(base, 'tree');
    const files = writeGrepTree(tree);
    const ignoredTree = path.join(base, 'repository');
    writeIgnoredTree(ignoredTree);
    const fs = await createFsExecutor(base);
    console.log(renderGrepTable(files, await compareGreps(fs, tree, ignoredTree)));
    console.log(`At the end: ${describeLoad()}`);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
