import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GlobTool } from '../../src/fs/tools/GlobTool.js';
import { GrepTool } from '../../src/fs/tools/GrepTool.js';
import { ListDirectoryTool } from '../../src/fs/tools/ListDirectoryTool.js';
import { createFsHarness, type FsHarness } from './fixtures/createFsHarness.js';
import { failure, structured } from './fixtures/outcomes.js';

let h: FsHarness;
let small: FsHarness;
const p = (...parts: string[]): string => path.join(h.root, ...parts);

beforeAll(async () => {
  h = await createFsHarness();
  small = await createFsHarness({ fs: { limits: { maxEntries: 3, maxWalkEntries: 5 } } });
  for (const dir of ['src/lib', 'docs', '.github/workflows']) mkdirSync(p(dir), { recursive: true });
  writeFileSync(p('src/index.ts'), 'export const needle = 1;\n// TODO one\n');
  writeFileSync(p('src/lib/util.ts'), 'function x() {}\n// todo two\r\n');
  writeFileSync(p('src/lib/data.json'), '{"needle": true}\n');
  writeFileSync(p('docs/readme.md'), 'No pins here.\nneedle at line 2\n');
  writeFileSync(p('image.bin'), Buffer.from([0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0, 1, 2]));
  writeFileSync(p('.env'), 'TOKEN=needle-secret\n');
  writeFileSync(p('.github/workflows/ci.yml'), 'run: needle\n');
  writeFileSync(path.join(h.outside, 'secret.txt'), 'needle outside\n');
  symlinkSync(h.outside, p('link-out'));
  symlinkSync(p('src'), p('link-src'));
  for (let i = 0; i < 10; i++) writeFileSync(path.join(small.root, `f${i}.txt`), `hit ${i}\n`);
});

afterAll(() => {
  h.cleanup();
  small.cleanup();
});

describe(ListDirectoryTool.name, () => {
  it('lists entries sorted by path with kinds and sizes; symlinks are not followed', async () => {
    const value = structured(await h.call('fs_list_directory', { path: '.' }));
    expect(value).toStrictEqual({
      entries: [
        { name: '.env', path: p('.env'), kind: 'file', size: 20 },
        { name: '.github', path: p('.github'), kind: 'directory' },
        { name: 'docs', path: p('docs'), kind: 'directory' },
        { name: 'image.bin', path: p('image.bin'), kind: 'file', size: 9 },
        { name: 'link-out', path: p('link-out'), kind: 'symlink' },
        { name: 'link-src', path: p('link-src'), kind: 'symlink' },
        { name: 'src', path: p('src'), kind: 'directory' },
      ],
      truncated: false,
    });
  });

  it('lists recursively, bounded by maxDepth, never descending into symlinked directories', async () => {
    const deep = structured(await h.call('fs_list_directory', { path: 'src', recursive: true }));
    expect((deep['entries'] as { path: string }[]).map((entry) => entry.path)).toStrictEqual([
      p('src/index.ts'),
      p('src/lib'),
      p('src/lib/data.json'),
      p('src/lib/util.ts'),
    ]);
    const shallow = structured(await h.call('fs_list_directory', { path: 'src', recursive: true, maxDepth: 1 }));
    expect((shallow['entries'] as unknown[]).length).toBe(2);
    const all = structured(await h.call('fs_list_directory', { path: '.', recursive: true }));
    expect(
      (all['entries'] as { path: string }[]).some(
        (entry) => entry.path.includes('secret') || entry.path.startsWith(p('link-src') + '/'),
      ),
    ).toBe(false);
  });

  it("sorts by path: a directory before a file that extends its name, and that file before the directory's entries", async () => {
    const own = await createFsHarness();
    const q = (...parts: string[]): string => path.join(own.root, ...parts);
    mkdirSync(q('src'));
    writeFileSync(q('src.txt'), 'x\n');
    writeFileSync(q('src/a.ts'), 'x\n');
    const value = structured(await own.call('fs_list_directory', { path: '.', recursive: true }));
    expect((value['entries'] as { path: string }[]).map((entry) => entry.path)).toStrictEqual([
      q('src'),
      q('src.txt'),
      q('src/a.ts'),
    ]);
    expect(structured(await own.call('fs_glob', { pattern: '**' }))['paths']).toStrictEqual([
      q('src'),
      q('src.txt'),
      q('src/a.ts'),
    ]);
    expect(structured(await own.call('fs_grep', { pattern: 'x' }))['matches']).toStrictEqual([
      { path: q('src.txt'), line: 1, text: 'x' },
      { path: q('src/a.ts'), line: 1, text: 'x' },
    ]);
    own.cleanup();
  });

  it('reports truncation at the limit', async () => {
    const value = structured(await small.call('fs_list_directory', { path: '.' }));
    expect(value['truncated']).toBe(true);
    expect((value['entries'] as unknown[]).length).toBe(3);
  });

  it('refuses a symlinked directory leading out, and a file', async () => {
    failure(await h.call('fs_list_directory', { path: 'link-out' }), 'permission_denied', 'symlink_escape', false);
    failure(await h.call('fs_list_directory', { path: 'src/index.ts' }), 'invalid_input', 'not_a_directory', false);
  });
});

describe(GlobTool.name, () => {
  it('matches relative paths, dotfiles included, sorted, canonical', async () => {
    expect(structured(await h.call('fs_glob', { pattern: '**/*.ts' }))).toStrictEqual({
      paths: [p('src/index.ts'), p('src/lib/util.ts')],
      truncated: false,
    });
    expect(structured(await h.call('fs_glob', { pattern: '*.json', path: 'src/lib' }))).toStrictEqual({
      paths: [p('src/lib/data.json')],
      truncated: false,
    });
    expect(structured(await h.call('fs_glob', { pattern: '**/*.yml' }))['paths']).toStrictEqual([
      p('.github/workflows/ci.yml'),
    ]);
  });

  it('accepts an absolute pattern inside the root and refuses one outside or with ..', async () => {
    expect(structured(await h.call('fs_glob', { pattern: `${p('src')}/**/*.ts` }))['paths']).toStrictEqual([
      p('src/index.ts'),
      p('src/lib/util.ts'),
    ]);
    failure(await h.call('fs_glob', { pattern: `${h.outside}/*` }), 'permission_denied', 'outside_roots', false);
    failure(await h.call('fs_glob', { pattern: '../outside/*' }), 'invalid_input', 'invalid_pattern', false);
  });

  it('does not follow symlinked directories', async () => {
    expect(structured(await h.call('fs_glob', { pattern: '**/secret.txt' }))['paths']).toStrictEqual([]);
    expect(structured(await h.call('fs_glob', { pattern: 'link-src/**' }))['paths']).toStrictEqual([p('link-src')]);
  });

  it('reports truncation', async () => {
    expect(structured(await small.call('fs_glob', { pattern: '*.txt' }))).toMatchObject({ truncated: true });
  });
});

describe(GrepTool.name, () => {
  it('finds matching lines sorted by path and line, skipping binary and protected files and symlinks', async () => {
    expect(structured(await h.call('fs_grep', { pattern: 'needle' }))).toStrictEqual({
      matches: [
        { path: p('docs/readme.md'), line: 2, text: 'needle at line 2' },
        { path: p('src/index.ts'), line: 1, text: 'export const needle = 1;' },
        { path: p('src/lib/data.json'), line: 1, text: '{"needle": true}' },
      ],
      truncated: false,
    });
  });

  it('honours include, ignoreCase and CRLF line ends', async () => {
    const value = structured(await h.call('fs_grep', { pattern: 'todo \\w+$', ignoreCase: true, include: '*.ts' }));
    expect(value['matches']).toStrictEqual([
      { path: p('src/index.ts'), line: 2, text: '// TODO one' },
      { path: p('src/lib/util.ts'), line: 2, text: '// todo two' },
    ]);
    expect(structured(await h.call('fs_grep', { pattern: 'needle', include: 'docs/**' }))['matches']).toHaveLength(1);
  });

  it('searches one file when path names it, a protected one through a protected request', async () => {
    expect(structured(await h.call('fs_grep', { pattern: 'secret', path: '.env' }))['matches']).toStrictEqual([
      { path: p('.env'), line: 1, text: 'TOKEN=needle-secret' },
    ]);
  });

  it('reports truncation at the limit', async () => {
    expect(structured(await small.call('fs_grep', { pattern: 'hit', limit: 2 }))).toMatchObject({
      truncated: true,
      matches: [{ line: 1 }, { line: 1 }],
    });
  });

  it('refuses invalid patterns and those only a backtracking engine runs, before running', async () => {
    failure(await h.call('fs_grep', { pattern: '(unclosed' }), 'invalid_input', 'invalid_pattern', false);
    failure(await h.call('fs_grep', { pattern: '(a)\\1' }), 'invalid_input', 'unsafe_pattern', false);
    failure(await h.call('fs_grep', { pattern: 'a(?=b)' }), 'invalid_input', 'unsafe_pattern', false);
  });

  it('refuses a search path outside the roots', async () => {
    failure(await h.call('fs_grep', { pattern: 'x', path: h.outside }), 'permission_denied', 'outside_roots', false);
    failure(await h.call('fs_grep', { pattern: 'x', path: 'link-out' }), 'permission_denied', 'symlink_escape', false);
  });
});
