import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { median } from '../measure.js';
import type { FsExecutor } from './createFsExecutor.js';

export const GREP_TREE = { directories: 100, filesPerDirectory: 100, linesPerFile: 40 } as const;

/**
 * Writes 10,000 source-like files of 40 lines in 100 directories (`d0/e0` .. `d9/e9`); every
 * 100th file holds one line `export const needle = <n>;`, so each search finds 100 lines and
 * has to read the whole tree.
 */
export function writeGrepTree(directory: string): number {
  let index = 0;
  for (let outer = 0; outer < 10; outer++) {
    for (let inner = 0; inner < GREP_TREE.directories / 10; inner++) {
      const dir = path.join(directory, `d${outer}`, `e${inner}`);
      mkdirSync(dir, { recursive: true });
      for (let file = 0; file < GREP_TREE.filesPerDirectory; file++, index++) {
        const lines: string[] = [];
        for (let line = 0; line < GREP_TREE.linesPerFile; line++) {
          lines.push(
            index % 100 === 7 && line === index % GREP_TREE.linesPerFile
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

/** `grep -rn <args>` over `directory`: the number of matching lines it printed. */
export function runGrep(args: readonly string[], directory: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('grep', [...args, directory], { stdio: ['ignore', 'pipe', 'ignore'] });
    let lines = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0 || code === 1) resolve(lines);
      else reject(new Error(`grep exited with ${String(code)}`));
    });
  });
}

/** `fs_grep` through the executor: the number of matches (all of them: the limit is above the count). */
export async function runFsGrep(fs: FsExecutor, pattern: string, directory: string): Promise<number> {
  const outcome = await fs.call('fs_grep', { pattern, path: directory, limit: 2000 });
  if (outcome.status !== 'completed' || outcome.result.result.output.type !== 'structured')
    throw new Error(`fs_grep failed: ${JSON.stringify(outcome).slice(0, 300)}`);
  const value = outcome.result.result.output.value as { matches: unknown[]; truncated: boolean };
  if (value.truncated) throw new Error('fs_grep truncated its answer: raise the limit');
  return value.matches.length;
}

export interface GrepComparison {
  readonly label: string;
  readonly grepMs: number;
  readonly fsGrepMs: number;
  readonly matches: number;
  readonly rounds: number;
}

/** Median wall time of each, alternating (grep first in even rounds), after warm-up; checks both find the same lines. */
export async function compareGrep(
  label: string,
  grep: () => Promise<number>,
  fsGrep: () => Promise<number>,
  rounds: number,
): Promise<GrepComparison> {
  const [expected, found] = [await grep(), await fsGrep()];
  if (expected !== found) throw new Error(`${label}: grep found ${expected} lines, fs_grep ${found}`);
  await grep();
  await fsGrep();
  const grepTimes: number[] = [];
  const fsGrepTimes: number[] = [];
  const time = async (run: () => Promise<number>, into: number[]): Promise<void> => {
    const started = performance.now();
    await run();
    into.push(performance.now() - started);
  };
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      await time(grep, grepTimes);
      await time(fsGrep, fsGrepTimes);
    } else {
      await time(fsGrep, fsGrepTimes);
      await time(grep, grepTimes);
    }
  }
  return { label, grepMs: median(grepTimes), fsGrepMs: median(fsGrepTimes), matches: expected, rounds };
}
