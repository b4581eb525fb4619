import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ListDirectoryTool } from '../../src/fs/tools/ListDirectoryTool.js';
import { createFsHarness, type FsHarness } from './fixtures/createFsHarness.js';
import { structured } from './fixtures/outcomes.js';

/**
 * Differential test of the walkers' `.gitignore` semantics against git itself: on random trees
 * with random `.gitignore` files at any level (negations, directory-only and anchored patterns,
 * `**`, `*`, `?`, classes, escaped `\#` `\!` `\ `, trailing spaces, comments), the files
 * `fs_list_directory` (recursive) shows are exactly the files
 * `git ls-files --others --exclude-standard` lists. Global excludes are off for git
 * (`core.excludesFile` unset, no global or system config), as the walkers never read them.
 */
let h: FsHarness;

const DIRECTORIES = [
  '',
  'a',
  'a/b',
  'a/dist',
  'a/b/sub',
  'b',
  'dist',
  'dist/a',
  'node_modules',
  'node_modules/a',
  'node_modules/a/b',
  'sub',
  'sub/node_modules',
] as const;
const FILES = ['x.js', 'y.txt', 'z.log', '#h', '!n', 'sp ', 'k[1]', 'ab', 'ab.js', 'B', 'a.js', 'é.js', 'ü'] as const;
const SEGMENTS = [
  'a',
  'b',
  'dist',
  'node_modules',
  'sub',
  'x.js',
  'y.txt',
  'ab',
  'B',
  '*',
  '*.js',
  '*.log',
  '?',
  'a*',
  '[ab]',
  '[!a]*',
  '[a-c]?',
  '[[:upper:]]',
  '**',
  'k\\[1\\]',
  'k[[]1]',
  'sp\\ ',
  '\\#h',
  '\\!n',
  '#h',
  '!n',
  'a**',
  '*b',
  '[^b]*',
  'a**',
  '**b',
  'di**',
  '?.js',
  '??.js',
  'é*',
  '[é]*',
  '[^a]',
] as const;
const TRAILING = ['', '', '', ' ', '  ', '\\ ', '\t'] as const;

const line: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .record({
        negated: fc.boolean(),
        anchored: fc.constantFrom(false, false, false, true),
        segments: fc.oneof(
          fc.constantFrom(...SEGMENTS).map((segment) => [segment]),
          fc.array(fc.constantFrom(...SEGMENTS), { minLength: 2, maxLength: 3 }),
        ),
        directoryOnly: fc.boolean(),
        trailing: fc.constantFrom(...TRAILING),
      })
      .map(
        ({ negated, anchored, segments, directoryOnly, trailing }) =>
          `${negated ? '!' : ''}${anchored ? '/' : ''}${segments.join('/')}${directoryOnly ? '/' : ''}${trailing}`,
      ),
  },
  { weight: 1, arbitrary: fc.constantFrom('', '# comment', ' ', '!', '/') },
);

/** The root half the time, so its rules meet the deeper ones. */
const directoryIndex = fc.oneof(fc.constant(0), fc.nat(DIRECTORIES.length - 1));

const tree = fc.record({
  directories: fc.subarray([...DIRECTORIES.keys()], { minLength: 4 }).map((chosen) => [0, ...chosen]),
  files: fc.array(fc.tuple(fc.nat(DIRECTORIES.length - 1), fc.constantFrom(...FILES)), { minLength: 5, maxLength: 40 }),
  ignores: fc.array(fc.tuple(directoryIndex, fc.array(line, { minLength: 1, maxLength: 5 }), fc.boolean()), {
    minLength: 2,
    maxLength: 6,
  }),
});

const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  HOME: '/nonexistent',
  XDG_CONFIG_HOME: '/nonexistent',
};

function git(args: readonly string[]): string {
  return execFileSync('git', ['-C', h.root, ...args], { env: GIT_ENV, encoding: 'utf8' });
}

function clearRoot(): void {
  for (const name of readdirSync(h.root))
    if (name !== '.git') rmSync(path.join(h.root, name), { recursive: true, force: true });
}

beforeAll(async () => {
  h = await createFsHarness();
  git(['init', '-q']);
  // `git init` writes a template `info/exclude` (comments only); make sure it adds nothing.
  writeFileSync(path.join(h.root, '.git/info/exclude'), '');
});

afterAll(() => {
  h.cleanup();
});

describe(ListDirectoryTool.name, () => {
  it('shows exactly the files git ls-files --others --exclude-standard lists (fixed seed, 250 trees)', async () => {
    await fc.assert(
      fc.asyncProperty(tree, async ({ directories, files, ignores }) => {
        clearRoot();
        const present = new Set(directories.map((index) => DIRECTORIES[index] as string));
        for (const directory of present) mkdirSync(path.join(h.root, directory), { recursive: true });
        const written = new Set<string>();
        for (const [index, name] of files) {
          const directory = DIRECTORIES[index] as string;
          if (!present.has(directory)) continue;
          const file = path.posix.join(directory, name);
          if (DIRECTORIES.some((known) => known === file || known.startsWith(`${file}/`))) continue;
          writeFileSync(path.join(h.root, file), 'x\n');
          written.add(file);
        }
        for (const [index, lines, crlf] of ignores) {
          const directory = DIRECTORIES[index] as string;
          if (!present.has(directory)) continue;
          writeFileSync(
            path.join(h.root, directory, '.gitignore'),
            lines.map((text) => `${text}${crlf ? '\r' : ''}\n`).join(''),
          );
        }
        const expected = git(['-c', 'core.excludesFile=', 'ls-files', '-z', '--others', '--exclude-standard'])
          .split('\0')
          .filter((name) => name !== '')
          .sort();
        const value = structured(await h.call('fs_list_directory', { path: '.', recursive: true, limit: 100_000 }));
        const shown = (value['entries'] as { path: string; kind: string }[])
          .filter((entry) => entry.kind === 'file')
          .map((entry) => path.relative(h.root, entry.path))
          .sort();
        expect(shown).toStrictEqual(expected);
      }),
      { seed: 11, numRuns: 250 },
    );
  }, 120_000);
});
