import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatMs, formatRatio, renderTable } from '../format.js';
import { describeLoad } from '../report.js';
import { createFsExecutor, type FsExecutor } from './createFsExecutor.js';
import {
  compareGrep,
  DENSE_TREE,
  fasterTool,
  GREP_TREE,
  HAS_RIPGREP,
  runFsGrep,
  runGrep,
  runRipgrep,
  writeGrepTree,
  writeIgnoredTree,
  type GrepComparison,
} from './grepBench.js';

export const GREP_ROUNDS = 9;
/** Matches the dense rows ask for (and the host allows): all of them. */
export const DENSE_LIMIT = 100_000;

/** Label of the row over {@link writeIgnoredTree}: for the record, not a target (both sides read 200 small files, fixed costs dominate). */
export const IGNORED_ROW =
  'literal "export const needle", src beside an ignored node_modules of 10,000 files (grep --exclude-dir=node_modules)';

/** The trees the rows search: `sparse` and `dense` by {@link writeGrepTree}, `ignored` by {@link writeIgnoredTree}. */
export interface GrepTrees {
  readonly sparse: string;
  readonly dense: string;
  readonly ignored?: string;
}

/** Writes the trees of {@link compareGreps} below `base`; returns them and the file count of each grep tree. */
export function writeGrepTrees(base: string): { readonly trees: GrepTrees; readonly files: number } {
  const trees = {
    sparse: path.join(base, 'tree'),
    dense: path.join(base, 'dense'),
    ignored: path.join(base, 'repository'),
  };
  const files = writeGrepTree(trees.sparse);
  writeGrepTree(trees.dense, DENSE_TREE);
  writeIgnoredTree(trees.ignored);
  return { trees, files };
}

/** An executor whose hosts allow {@link DENSE_LIMIT} matches, over `root`. */
export function createDenseFsExecutor(root: string): Promise<FsExecutor> {
  return createFsExecutor(root, { maxGrepMatches: DENSE_LIMIT });
}

/**
 * The grep rows: the targets (a literal and a regex over the tree with 100 matches, and
 * over the tree with 100,000) plus, for the record, an anchored regex and, with `trees.ignored`,
 * fs_grep (which skips what `.gitignore` ignores by default) against `grep -rn
 * --exclude-dir=node_modules` on a tree with a big ignored `node_modules`. Each row measures
 * `grep -rn`, `rg -n` when installed, and `fs_grep` through the executor (`dense`: one whose
 * host allows {@link DENSE_LIMIT} matches).
 */
export async function compareGreps(fs: FsExecutor, dense: FsExecutor, trees: GrepTrees): Promise<GrepComparison[]> {
  const row = (
    label: string,
    grepArgs: readonly string[],
    pattern: string,
    tree: string,
    on: FsExecutor = fs,
    limit = 2000,
    rgArgs: readonly string[] = [pattern],
  ): Promise<GrepComparison> =>
    compareGrep(
      label,
      {
        grep: () => runGrep([...grepArgs, pattern], tree),
        rg: HAS_RIPGREP ? () => runRipgrep(rgArgs, tree) : undefined,
        fsGrep: () => runFsGrep(on, pattern, tree, limit),
      },
      GREP_ROUNDS,
    );
  const rows = [
    await row('literal "needle = 1107;"', ['-rn'], 'needle = 1107;', trees.sparse),
    await row('literal "export const needle"', ['-rn'], 'export const needle', trees.sparse),
    await row('regex "needle = [0-9]+;" (grep -rnE)', ['-rnE'], 'needle = [0-9]+;', trees.sparse),
    await row('regex "^export const \\w+ = \\d+;$" (grep -rnP)', ['-rnP'], '^export const \\w+ = \\d+;$', trees.sparse),
    await row(
      '100,000 matches: literal "export const needle"',
      ['-rn'],
      'export const needle',
      trees.dense,
      dense,
      DENSE_LIMIT,
    ),
    await row(
      '100,000 matches: regex "needle = [0-9]+;" (grep -rnE)',
      ['-rnE'],
      'needle = [0-9]+;',
      trees.dense,
      dense,
      DENSE_LIMIT,
    ),
  ];
  if (trees.ignored !== undefined) {
    rows.push(
      await row(IGNORED_ROW, ['-rn', '--exclude-dir=node_modules'], 'export const needle', trees.ignored, fs, 2000, [
        // rg reads .gitignore files outside a git repository only when told to.
        '--no-require-git',
        'export const needle',
      ]),
    );
  }
  return rows;
}

export function renderGrepTable(files: number, greps: readonly GrepComparison[]): string {
  return renderTable(
    [
      `search of ${files} files (${GREP_TREE.linesPerFile} lines each)`,
      'matches',
      'grep -rn',
      'rg -n',
      'fs_grep',
      'ratio to the faster',
    ],
    greps.map((row) => {
      const faster = fasterTool(row);
      return [
        row.label,
        String(row.matches),
        formatMs(row.grepMs),
        row.rgMs === undefined ? 'not installed' : formatMs(row.rgMs),
        formatMs(row.fsGrepMs),
        `${formatRatio(row.fsGrepMs / faster.ms)} (${faster.name})`,
      ];
    }),
  );
}

/** Only the grep part of the filesystem bench (`node --import @swc-node/register/esm-register bench/fs/grepRun.ts`). */
async function main(): Promise<void> {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-grep-bench-')));
  try {
    console.log(`Writing the grep trees (${describeLoad()}) ...`);
    const { trees, files } = writeGrepTrees(base);
    const fs = await createFsExecutor(base);
    const dense = await createDenseFsExecutor(base);
    console.log(renderGrepTable(files, await compareGreps(fs, dense, trees)));
    console.log(`At the end: ${describeLoad()}`);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
