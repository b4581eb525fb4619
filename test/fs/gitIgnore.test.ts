import { afterEach, describe, expect, it } from '@jest/globals';
import { linkSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_PROTECTED_PATHS } from '../../src/internal/index.js';
import { compileIgnoreGlob } from '../../src/fs/walk/compileIgnoreGlob.js';
import { parseGitIgnore } from '../../src/fs/walk/parseGitIgnore.js';
import { createFsHarness, type FsHarness, type FsHarnessOptions } from './fixtures/createFsHarness.js';
import { structured } from './fixtures/outcomes.js';

/**
 * Issue 11 part 3: `fs_list_directory`, `fs_glob` and `fs_grep` skip `.git` and what the
 * `.gitignore` files in force ignore, unless `includeIgnored: true`, and count what they
 * skipped; a `.gitignore` is read like any walked file (never through a link, never a hard
 * link, never a protected one), and can only remove entries.
 */
let h: FsHarness | undefined;

afterEach(() => h?.cleanup());

async function harness(files: Record<string, string>, options: FsHarnessOptions = {}): Promise<FsHarness> {
  const created = await createFsHarness(options);
  h = created;
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(created.root, name)), { recursive: true });
    writeFileSync(path.join(created.root, name), content);
  }
  return created;
}

function paths(value: Record<string, unknown>, root: string): string[] {
  const list = (value['paths'] ?? value['entries'] ?? value['matches']) as (string | { path: string })[];
  return list.map((item) => path.relative(root, typeof item === 'string' ? item : item.path));
}

const REPOSITORY = {
  '.gitignore': 'node_modules/\n*.log\n!keep.log\n/dist\n',
  '.git/HEAD': 'ref: refs/heads/main\n',
  'node_modules/pkg/index.js': 'needle\n',
  'src/a.ts': 'needle\n',
  'src/dist/b.ts': 'needle\n',
  'debug.log': 'needle\n',
  'keep.log': 'needle\n',
  'dist/out.js': 'needle\n',
};

describe('gitignore in walkers', () => {
  it('fs_grep skips .git, node_modules and ignored files, counts them, and searches them with includeIgnored', async () => {
    const t = await harness(REPOSITORY);
    const value = structured(await t.call('fs_grep', { pattern: 'needle' }));
    expect({
      paths: paths(value, t.root),
      skippedIgnored: value['skippedIgnored'],
      truncated: value['truncated'],
    }).toStrictEqual({
      paths: ['keep.log', 'src/a.ts', 'src/dist/b.ts'],
      skippedIgnored: 4,
      truncated: false,
    });
    const all = structured(await t.call('fs_grep', { pattern: 'needle', includeIgnored: true }));
    expect({ paths: paths(all, t.root), skippedIgnored: all['skippedIgnored'] }).toStrictEqual({
      paths: ['debug.log', 'dist/out.js', 'keep.log', 'node_modules/pkg/index.js', 'src/a.ts', 'src/dist/b.ts'],
      skippedIgnored: undefined,
    });
  });

  it('fs_list_directory and fs_glob skip the same entries; the count is absent when nothing was skipped', async () => {
    const t = await harness(REPOSITORY);
    const listing = structured(await t.call('fs_list_directory', { path: '.' }));
    expect(listing).toStrictEqual({
      entries: [
        { name: '.gitignore', path: path.join(t.root, '.gitignore'), kind: 'file', size: 36 },
        { name: 'keep.log', path: path.join(t.root, 'keep.log'), kind: 'file', size: 7 },
        { name: 'src', path: path.join(t.root, 'src'), kind: 'directory' },
      ],
      truncated: false,
      skippedIgnored: 4,
    });
    expect(structured(await t.call('fs_glob', { pattern: '**/*.js' }))).toStrictEqual({
      paths: [],
      truncated: false,
      skippedIgnored: 4,
    });
    expect(structured(await t.call('fs_glob', { pattern: '**/*.js', includeIgnored: true }))).toStrictEqual({
      paths: [path.join(t.root, 'dist/out.js'), path.join(t.root, 'node_modules/pkg/index.js')],
      truncated: false,
    });
    expect(structured(await t.call('fs_list_directory', { path: 'src', recursive: true }))).toStrictEqual({
      entries: [
        { name: 'a.ts', path: path.join(t.root, 'src/a.ts'), kind: 'file', size: 7 },
        { name: 'dist', path: path.join(t.root, 'src/dist'), kind: 'directory' },
        { name: 'b.ts', path: path.join(t.root, 'src/dist/b.ts'), kind: 'file', size: 7 },
      ],
      truncated: false,
    });
  });

  it('a big ignored node_modules does not use up the walk budget', async () => {
    const files: Record<string, string> = {
      '.gitignore': 'node_modules\n',
      'src/a.ts': 'needle\n',
      'src/b.ts': 'needle\n',
    };
    for (let index = 0; index < 50; index++) files[`node_modules/p${index}/index.js`] = 'needle\n';
    const t = await harness(files, { fs: { limits: { maxWalkEntries: 5 } } });
    const value = structured(await t.call('fs_grep', { pattern: 'needle' }));
    expect({
      paths: paths(value, t.root),
      truncated: value['truncated'],
      skippedIgnored: value['skippedIgnored'],
    }).toStrictEqual({
      paths: ['src/a.ts', 'src/b.ts'],
      truncated: false,
      skippedIgnored: 1,
    });
    expect(structured(await t.call('fs_grep', { pattern: 'needle', includeIgnored: true }))['truncated']).toBe(true);
  });

  it('a nested .gitignore applies to its own subtree, re-includes with !, and nothing under an ignored directory comes back', async () => {
    const t = await harness({
      '.gitignore': '*.gen\nbuild/\n',
      'a/.gitignore': '!keep.gen\nlocal.txt\n',
      'a/keep.gen': 'x',
      'a/drop.gen': 'x',
      'a/local.txt': 'x',
      'b/local.txt': 'x',
      'build/.gitignore': '!*\n',
      'build/out.txt': 'x',
      'c/.gitignore': '!build/\n',
      'c/build/kept.txt': 'x',
    });
    const value = structured(await t.call('fs_glob', { pattern: '**' }));
    expect({ paths: paths(value, t.root), skippedIgnored: value['skippedIgnored'] }).toStrictEqual({
      paths: [
        '.gitignore',
        'a',
        'a/.gitignore',
        'a/keep.gen',
        'b',
        'b/local.txt',
        'c',
        'c/.gitignore',
        'c/build',
        'c/build/kept.txt',
      ],
      skippedIgnored: 3,
    });
  });

  it('the .gitignore files above a searched subdirectory apply; a path named inside an ignored directory is walked', async () => {
    const t = await harness({
      '.gitignore': '*.tmp\nvendor/\n',
      'src/deep/x.tmp': 'needle\n',
      'src/deep/y.ts': 'needle\n',
      'vendor/lib/z.ts': 'needle\n',
    });
    expect(paths(structured(await t.call('fs_grep', { pattern: 'needle', path: 'src/deep' })), t.root)).toStrictEqual([
      'src/deep/y.ts',
    ]);
    expect(paths(structured(await t.call('fs_grep', { pattern: 'needle', path: 'vendor/lib' })), t.root)).toStrictEqual(
      ['vendor/lib/z.ts'],
    );
    expect(
      paths(structured(await t.call('fs_grep', { pattern: 'needle', path: 'src/deep/x.tmp' })), t.root),
    ).toStrictEqual(['src/deep/x.tmp']);
  });

  it('a directory holding .git is a repository of its own: the rules above it do not apply inside', async () => {
    const t = await harness({
      '.gitignore': '*.txt\n',
      'a.txt': 'x',
      'sub/.git/HEAD': 'ref: x\n',
      'sub/b.txt': 'x',
      'sub/.gitignore': 'c.md\n',
      'sub/c.md': 'x',
    });
    const value = structured(await t.call('fs_glob', { pattern: '**' }));
    expect({ paths: paths(value, t.root), skippedIgnored: value['skippedIgnored'] }).toStrictEqual({
      paths: ['.gitignore', 'sub', 'sub/.gitignore', 'sub/b.txt'],
      skippedIgnored: 3,
    });
  });

  it('a .gitignore that is a symlink (out or in), a hard link or protected is not read, and is counted', async () => {
    const t = await harness({
      'inside-rules': 'a.txt\n',
      'a.txt': 'x',
      'l1/a.txt': 'x',
      'l2/a.txt': 'x',
      'l3/a.txt': 'x',
      'l3/.gitignore': 'a.txt\n',
    });
    writeFileSync(path.join(t.outside, 'rules'), 'a.txt\n');
    symlinkSync(path.join(t.outside, 'rules'), path.join(t.root, 'l1/.gitignore'));
    symlinkSync(path.join(t.root, 'inside-rules'), path.join(t.root, '.gitignore'));
    linkSync(path.join(t.outside, 'rules'), path.join(t.root, 'l2/.gitignore'));
    const value = structured(await t.call('fs_glob', { pattern: '**/a.txt' }));
    expect(value).toStrictEqual({
      paths: ['a.txt', 'l1/a.txt', 'l2/a.txt'].map((name) => path.join(t.root, name)),
      truncated: false,
      skippedIgnored: 1,
      unreadIgnoreFiles: 3,
    });
    h?.cleanup();
    const guarded = await harness(
      { 'a.txt': 'x', '.gitignore': 'a.txt\n' },
      { fs: { protectedPaths: [...DEFAULT_PROTECTED_PATHS, '**/.gitignore'] } },
    );
    expect(structured(await guarded.call('fs_glob', { pattern: '*.txt' }))).toStrictEqual({
      paths: [path.join(guarded.root, 'a.txt')],
      truncated: false,
      unreadIgnoreFiles: 1,
    });
  });

  it('a .gitignore too costly to match (thousands of rules, or wildcard-heavy patterns) is not applied, and is counted', async () => {
    const costly = Array.from({ length: 40 }, (_, index) => `${'*a'.repeat(8)}${index}b`).join('\n');
    const t = await harness({
      '.gitignore': `${costly}\n*.txt\n`,
      'a.txt': 'x\n',
      'sub/.gitignore': Array.from({ length: 1_001 }, (_, index) => `f${index}`).join('\n'),
      'sub/f1': 'x\n',
    });

    expect(structured(await t.call('fs_glob', { pattern: '**' }))).toStrictEqual({
      paths: ['.gitignore', 'a.txt', 'sub', 'sub/.gitignore', 'sub/f1'].map((name) => path.join(t.root, name)),
      truncated: false,
      unreadIgnoreFiles: 2,
    });
  });

  it('a .gitignore cannot make the walk see more: negations never reach .git, links or other roots', async () => {
    const t = await harness({ '.gitignore': '!*\n!.git\n!**/.git/**\n', 'a.txt': 'x', '.git/HEAD': 'x' });
    symlinkSync(t.outside, path.join(t.root, 'out'));
    writeFileSync(path.join(t.outside, 'secret.txt'), 'x');
    const value = structured(await t.call('fs_glob', { pattern: '**' }));
    expect(value).toStrictEqual({
      paths: ['.gitignore', 'a.txt', 'out'].map((name) => path.join(t.root, name)),
      truncated: false,
      skippedIgnored: 1,
    });
  });
});

describe(parseGitIgnore.name, () => {
  it('reads lines like git: comments, escapes, trailing spaces, CRLF, negation, directory-only, anchoring, the literal prefix of a path pattern', () => {
    const rules = parseGitIgnore(
      '\ufeff# comment\r\n\\#h\n\\!n\nsp\\ \nend  \n!keep\ndir/\n/top\na**/*.js\n[unclosed\n',
    );
    const test = (entry: string, isDirectory: boolean): string[] =>
      rules
        .filter(
          (rule) =>
            (!rule.directoryOnly || isDirectory) && rule.glob(rule.matchesName ? path.posix.basename(entry) : entry),
        )
        .map((rule) => (rule.negated ? '!' : '+'));
    expect([
      test('#h', false),
      test('!n', false),
      test('sp ', false),
      test('end', false),
      test('end ', false),
      test('keep', false),
      test('x/dir', true),
      test('x/dir', false),
      test('top', false),
      test('x/top', false),
      test('ab.js', false),
      test('a/b/c.js', false),
    ]).toStrictEqual([['+'], ['+'], ['+'], ['+'], [], ['!'], ['+'], [], ['+'], [], ['+'], ['+']]);
    expect(rules.length).toBe(8);
  });
});

describe(compileIgnoreGlob.name, () => {
  it('matches like git wildmatch with WM_PATHNAME', () => {
    const cases: [string, string, boolean][] = [
      ['*.js', 'a.js', true],
      ['*.js', 'd/a.js', false],
      ['a/**', 'a/b/c', true],
      ['a/**', 'a', false],
      ['**/b', 'b', true],
      ['**/b', 'x/y/b', true],
      ['a/**/b', 'a/b', true],
      ['a/**/b', 'a/x/y/b', true],
      ['a**b', 'a/b', false],
      ['a**b', 'axxb', true],
      ['?', '/', false],
      ['[a-c]x', 'bx', true],
      ['[!a-c]x', 'bx', false],
      ['[!a-c]x', 'dx', true],
      ['[]]', ']', true],
      ['[[:digit:]]', '7', true],
      ['[[:digit:]]', 'x', false],
      ['\\#x', '#x', true],
      ['\\*', '*', true],
      ['\\*', 'a', false],
      ['?', 'é', false],
      ['??', 'é', true],
      ['[é]', 'é', false],
    ];
    expect(cases.map(([glob, text]) => [glob, text, compileIgnoreGlob(glob)?.(text)])).toStrictEqual(cases);
    expect([compileIgnoreGlob('[abc'), compileIgnoreGlob('a\\'), compileIgnoreGlob('[[:nope:]]')]).toStrictEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('runs in time linear in the text whatever the pattern (a backtracking matcher would not return)', () => {
    const glob = compileIgnoreGlob(`${'*a'.repeat(40)}b`);
    const deep = compileIgnoreGlob(`${'**/a'.repeat(40)}/b`);
    expect([glob?.('a'.repeat(255)), deep?.(`${'a/'.repeat(2000)}c`)]).toStrictEqual([false, false]);
  });
});
