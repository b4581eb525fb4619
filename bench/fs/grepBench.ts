import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { median } from '../measure.js';
import type { FsExecutor } from './createFsExecutor.js';

export const GREP_TREE = { directories: 100, filesPerDirectory: 100, linesPerFile: 40 } as const;

/** Where a generated tree holds its `export const needle = <n>;` lines. */
export interface GrepTreeShape {
  /** Files with needles: every `needleEvery`th (1: all). */
  readonly needleEvery: number;
  /** Needle lines in each such file. */
  readonly needlesPerFile: number;
}

/** Every 100th file holds one needle: each search finds 100 lines and has to read the whole tree. */
export const SPARSE_TREE: GrepTreeShape = { needleEvery: 100, needlesPerFile: 1 };
/** Every file holds 10 needles: 100,000 matching lines, so per-match work dominates. */
export const DENSE_TREE: GrepTreeShape = { needleEvery: 1, needlesPerFile: 10 };

/**
 * Writes 10,000 source-like files of 40 lines in 100 directories (`d0/e0` .. `d9/e9`), with the
 * needle lines `shape` says (one in every 100th file by default).
 */
export function writeGrepTree(directory: string, shape: GrepTreeShape = SPARSE_TREE): number {
  let index = 0;
  const spacing = Math.floor(GREP_TREE.linesPerFile / shape.needlesPerFile);
  for (let outer = 0; outer < 10; outer++) {
    for (let inner = 0; inner < GREP_TREE.directories / 10; inner++) {
      const dir = path.join(directory, `d${outer}`, `e${inner}`);
      mkdirSync(dir, { recursive: true });
      for (let file = 0; file < GREP_TREE.filesPerDirectory; file++, index++) {
        const lines: string[] = [];
        const hasNeedles = index % shape.needleEvery === 7 % shape.needleEvery;
        for (let line = 0; line < GREP_TREE.linesPerFile; line++) {
          lines.push(
            hasNeedles && line % spacing === index % spacing && line < spacing * shape.needlesPerFile
              ? `export const needle = ${index};`
              : `  const value${line} = compute(${index}, ${line}); // ordinary line of text`,
          );
        }
        writeFileSync(path.join(dir, `file${file}.ts`), `${lines.join('\n')}\n`);
      }
    }
  }
  return index;
}

/** Source files beside the ignored `node_modules` of {@link writeIgnoredTree}. */
export const IGNORED_TREE_SOURCES = 200;

/**
 * A repository-like tree: `.gitignore` says `node_modules/`, `node_modules` holds the 10,000
 * files of {@link writeGrepTree}, and `src` {@link IGNORED_TREE_SOURCES} files of the same kind
 * (every 10th with one `export const needle` line).
 */
export function writeIgnoredTree(directory: string): number {
  const files = writeGrepTree(path.join(directory, 'node_modules'));
  mkdirSync(path.join(directory, 'src'), { recursive: true });
  writeFileSync(path.join(directory, '.gitignore'), 'node_modules/\n*.log\n');
  for (let index = 0; index < IGNORED_TREE_SOURCES; index++) {
    const lines: string[] = [];
    for (let line = 0; line < GREP_TREE.linesPerFile; line++) {
      lines.push(
        index % 10 === 3 && line === 5
          ? `export const needle = ${index};`
          : `  const value${line} = compute(${index}, ${line}); // ordinary line of text`,
      );
    }
    writeFileSync(path.join(directory, 'src', `file${index}.ts`), `${lines.join('\n')}\n`);
  }
  return files + IGNORED_TREE_SOURCES;
}

/** Spawns `command args... directory` and counts the lines it prints (exit 1, nothing found, is a success). */
function countOutputLines(command: string, args: readonly string[], directory: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, directory], { stdio: ['ignore', 'pipe', 'ignore'] });
    let lines = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0 || code === 1) resolve(lines);
      else reject(new Error(`${command} exited with ${String(code)}`));
    });
  });
}

/** `grep -rn <args>` over `directory`: the number of matching lines it printed. */
export function runGrep(args: readonly string[], directory: string): Promise<number> {
  return countOutputLines('grep', args, directory);
}

/** Whether ripgrep (`rg`) is on the PATH: its rows are measured only then. */
export const HAS_RIPGREP = spawnSync('rg', ['--version'], { stdio: 'ignore' }).status === 0;

/** `rg -n <args>` over `directory` (one thread per core, its default): the number of matching lines it printed. */
export function runRipgrep(args: readonly string[], directory: string): Promise<number> {
  return countOutputLines('rg', ['-n', ...args], directory);
}

/** `fs_grep` through the executor: the number of matches (all of them: the limit is above the count). */
export async function runFsGrep(fs: FsExecutor, pattern: string, directory: string, limit = 2000): Promise<number> {
  const outcome = await fs.call('fs_grep', { pattern, path: directory, limit });
  if (outcome.status !== 'completed' || outcome.result.result.output.type !== 'structured')
    throw new Error(`fs_grep failed: ${JSON.stringify(outcome).slice(0, 300)}`);
  const value = outcome.result.result.output.value as { matches: unknown[]; truncated: boolean };
  if (value.truncated) throw new Error('fs_grep truncated its answer: raise the limit');
  return value.matches.length;
}

export interface GrepComparison {
  readonly label: string;
  readonly grepMs: number;
  /** Absent when ripgrep is not installed (or the row has no ripgrep form). */
  readonly rgMs: number | undefined;
  readonly fsGrepMs: number;
  readonly matches: number;
  readonly rounds: number;
}

/** The subjects of one row: `rg` may be absent. */
export interface GrepSubjects {
  readonly grep: () => Promise<number>;
  readonly rg: (() => Promise<number>) | undefined;
  readonly fsGrep: () => Promise<number>;
}

/**
 * Median wall time of each, in a rotating order (each one first in turn), after warm-up;
 * checks they all find the same lines.
 */
export async function compareGrep(label: string, subjects: GrepSubjects, rounds: number): Promise<GrepComparison> {
  const runs = [subjects.grep, subjects.fsGrep, ...(subjects.rg === undefined ? [] : [subjects.rg])];
  const counts: number[] = [];
  for (const run of runs) counts.push(await run());
  if (counts.some((count) => count !== counts[0]))
    throw new Error(
      `${label}: grep, fs_grep${subjects.rg === undefined ? '' : ', rg'} found ${counts.join(', ')} lines`,
    );
  for (const run of runs) await run();
  const times: number[][] = runs.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < runs.length; turn++) {
      const index = (round + turn) % runs.length;
      const started = performance.now();
      await (runs[index] as () => Promise<number>)();
      (times[index] as number[]).push(performance.now() - started);
    }
  }
  const [grepTimes, fsGrepTimes, rgTimes] = times as [number[], number[], number[] | undefined];
  return {
    label,
    grepMs: median(grepTimes),
    rgMs: rgTimes === undefined ? undefined : median(rgTimes),
    fsGrepMs: median(fsGrepTimes),
    matches: counts[0] as number,
    rounds,
  };
}

/** The faster of `grep` and `rg` on a row: what the targets compare with. */
export function fasterTool(row: GrepComparison): { readonly name: string; readonly ms: number } {
  return row.rgMs !== undefined && row.rgMs < row.grepMs
    ? { name: 'rg', ms: row.rgMs }
    : { name: 'grep -rn', ms: row.grepMs };
}
