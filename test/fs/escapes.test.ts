import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileSystemTools } from '../../src/fs/index.js';
import type { JsonValue } from '../../src/index.js';
import { createFsHarness, type FsHarness } from './fixtures/createFsHarness.js';
import { completed, failure } from './fixtures/outcomes.js';
import { snapshotTree } from './fixtures/snapshotTree.js';

/**
 * The Paths section of security.md as executable cases: every spelling that leads out of the
 * root, through every tool, is refused before the body runs (`invoked: false`) and leaves
 * the root, the outside and the prefix sibling `root_evil` exactly as they were.
 */
let h: FsHarness;
const r = (...parts: string[]): string => path.join(h.root, ...parts);

beforeAll(async () => {
  h = await createFsHarness({ extraRoots: [{ name: 'ro', mode: 'read_only' }] });
  mkdirSync(r('dir'));
  writeFileSync(r('notes.txt'), 'hello\n');
  writeFileSync(r('dir/inner.txt'), 'inner\n');
  writeFileSync(path.join(h.outside, 'secret.txt'), 'secret\n');
  writeFileSync(path.join(h.outside, 'victim.txt'), 'victim\n');
  writeFileSync(path.join(h.base, 'root_evil', 'secret.txt'), 'evil\n');
  writeFileSync(path.join(h.base, 'ro', 'frozen.txt'), 'frozen\n');
  symlinkSync(path.join(h.outside, 'secret.txt'), r('link-out'));
  symlinkSync(h.outside, r('link-out-dir'));
  symlinkSync('../outside', r('relative-link-out-dir'));
  symlinkSync(path.join(h.outside, 'missing.txt'), r('dangling-out'));
  symlinkSync('/dev/zero', r('zero'));
  linkSync(path.join(h.outside, 'victim.txt'), r('hard.txt'));
  execFileSync('mkfifo', [r('fifo')]);
  writeFileSync(r('huge.txt'), '');
  truncateSync(r('huge.txt'), 21 * 1024 * 1024);
  for (const file of ['notes.txt', 'hard.txt']) completed(await h.call('fs_read_file', { path: file }));
});

afterAll(() => {
  h.cleanup();
});

type Spell = JsonValue | (() => string);
const spell = (value: Spell): JsonValue => (typeof value === 'function' ? value() : value);

/** Calls `tool` and checks the refusal, and that nothing under the temp base changed. */
async function expectRefused(
  tool: string,
  input: Record<string, JsonValue>,
  code: string,
  reason: string | undefined,
): Promise<void> {
  const before = snapshotTree(h.base);
  failure(await h.call(tool, input), code, reason, false);
  expect(snapshotTree(h.base)).toStrictEqual(before);
}

describe(fileSystemTools.name, () => {
  describe('prefix siblings: /root_evil is not inside /root', () => {
    const evil =
      (name = 'secret.txt') =>
      () =>
        path.join(h.base, 'root_evil', name);
    it.each<[string, Record<string, Spell>]>([
      ['fs_read_file', { path: evil() }],
      ['fs_read_file', { path: '../root_evil/secret.txt' }],
      ['fs_write_file', { path: evil('new.txt'), content: 'x' }],
      ['fs_write_file', { path: '../root_evil/new.txt', content: 'x' }],
      ['fs_edit_file', { path: evil(), oldString: 'evil', newString: 'x' }],
      ['fs_list_directory', { path: () => path.join(h.base, 'root_evil') }],
      ['fs_create_directory', { path: evil('d') }],
      ['fs_delete', { path: evil() }],
      ['fs_move', { from: 'notes.txt', to: evil('x') }],
      ['fs_move', { from: evil(), to: 'stolen.txt' }],
      ['fs_grep', { pattern: 'evil', path: () => path.join(h.base, 'root_evil') }],
      ['fs_glob', { pattern: () => `${h.base}/root_evil/*` }],
    ])('%s %j is outside the roots', async (tool, input) => {
      const resolved = Object.fromEntries(Object.entries(input).map(([key, value]) => [key, spell(value)]));
      await expectRefused(tool, resolved, 'permission_denied', 'outside_roots');
    });
  });

  describe('.. spellings and absolute paths', () => {
    it.each<[string, Record<string, Spell>]>([
      ['fs_read_file', { path: '../outside/secret.txt' }],
      ['fs_read_file', { path: 'dir/../../outside/secret.txt' }],
      ['fs_read_file', { path: './../outside/secret.txt' }],
      ['fs_read_file', { path: 'dir/..//..//outside/secret.txt' }],
      ['fs_read_file', { path: () => `${h.root}/../outside/secret.txt` }],
      ['fs_read_file', { path: '/etc/passwd' }],
      ['fs_read_file', { path: '/dev/zero' }],
      ['fs_read_file', { path: () => path.join(h.outside, 'secret.txt') }],
      ['fs_write_file', { path: '../outside/new.txt', content: 'x' }],
      ['fs_write_file', { path: () => path.join(h.outside, 'new.txt'), content: 'x' }],
      ['fs_list_directory', { path: '..' }],
      ['fs_list_directory', { path: '/' }],
      ['fs_create_directory', { path: '../outside/d' }],
      ['fs_delete', { path: '..', recursive: true }],
      ['fs_delete', { path: '/', recursive: true }],
      ['fs_move', { from: 'notes.txt', to: '../outside/notes.txt' }],
      ['fs_grep', { pattern: 'secret', path: '..' }],
    ])('%s %j is outside the roots', async (tool, input) => {
      const resolved = Object.fromEntries(Object.entries(input).map(([key, value]) => [key, spell(value)]));
      await expectRefused(tool, resolved, 'permission_denied', 'outside_roots');
    });

    it('refuses a glob pattern that climbs out with ..', async () => {
      await expectRefused('fs_glob', { pattern: '../outside/*' }, 'invalid_input', 'invalid_pattern');
      await expectRefused('fs_glob', { pattern: 'dir/../../outside/*' }, 'invalid_input', 'invalid_pattern');
    });
  });

  describe('ghost/../.. (the Rust original wrote outside the root here)', () => {
    it.each<[string, Record<string, JsonValue>]>([
      ['fs_write_file', { path: 'ghost/../../outside/pwned.txt', content: 'x' }],
      ['fs_write_file', { path: 'ghost/../../outside/pwned.txt', content: 'x', createParents: true }],
      ['fs_write_file', { path: 'ghost/deeper/../../../outside/pwned.txt', content: 'x', createParents: true }],
      ['fs_create_directory', { path: 'ghost/../../outside/d' }],
      ['fs_read_file', { path: 'ghost/../../outside/secret.txt' }],
      ['fs_delete', { path: 'ghost/../../outside/secret.txt' }],
      ['fs_move', { from: 'notes.txt', to: 'ghost/../../outside/notes.txt' }],
      ['fs_edit_file', { path: 'ghost/../../outside/secret.txt', oldString: 'secret', newString: 'x' }],
    ])('%s %j is refused', async (tool, input) => {
      await expectRefused(tool, input, 'permission_denied', 'outside_roots');
    });
  });

  describe('symlinks leading out', () => {
    it.each<[string, Record<string, JsonValue>, string]>([
      ['fs_read_file', { path: 'link-out' }, 'symlink_escape'],
      ['fs_read_file', { path: 'link-out-dir/secret.txt' }, 'symlink_escape'],
      ['fs_read_file', { path: 'relative-link-out-dir/secret.txt' }, 'symlink_escape'],
      ['fs_read_file', { path: 'zero' }, 'symlink_escape'],
      ['fs_write_file', { path: 'link-out', content: 'x', overwrite: true }, 'symlink_escape'],
      ['fs_write_file', { path: 'zero', content: 'x', overwrite: true }, 'symlink_escape'],
      ['fs_write_file', { path: 'link-out-dir/new.txt', content: 'x' }, 'symlink_escape'],
      ['fs_write_file', { path: 'link-out-dir/a/b/new.txt', content: 'x', createParents: true }, 'symlink_escape'],
      ['fs_write_file', { path: 'dangling-out', content: 'x' }, 'dangling_symlink'],
      ['fs_edit_file', { path: 'link-out', oldString: 'secret', newString: 'x' }, 'symlink_escape'],
      ['fs_list_directory', { path: 'link-out-dir' }, 'symlink_escape'],
      ['fs_grep', { pattern: 'secret', path: 'link-out-dir' }, 'symlink_escape'],
      ['fs_glob', { pattern: '*', path: 'link-out-dir' }, 'symlink_escape'],
      ['fs_create_directory', { path: 'link-out-dir/d' }, 'symlink_escape'],
      ['fs_delete', { path: 'link-out-dir/secret.txt' }, 'symlink_escape'],
      ['fs_move', { from: 'link-out-dir/secret.txt', to: 'stolen.txt' }, 'symlink_escape'],
      ['fs_move', { from: 'notes.txt', to: 'link-out-dir/notes.txt' }, 'symlink_escape'],
    ])('%s %j is refused (%s)', async (tool, input, reason) => {
      await expectRefused(tool, input, 'permission_denied', reason);
    });

    it('never follows a link out while walking: list, glob and grep stay inside', async () => {
      const listed = JSON.stringify(
        completed(await h.call('fs_list_directory', { path: '.', recursive: true })).output,
      );
      const globbed = JSON.stringify(completed(await h.call('fs_glob', { pattern: '**/*' })).output);
      const grepped = JSON.stringify(completed(await h.call('fs_grep', { pattern: 'secret|victim' })).output);
      for (const output of [listed, globbed, grepped]) expect(output).not.toContain(h.outside);
      expect(grepped).not.toContain('secret');
    });
  });

  describe('read-only roots', () => {
    const frozen = () => path.join(h.base, 'ro', 'frozen.txt');
    it.each<[string, Record<string, Spell>]>([
      ['fs_write_file', { path: () => path.join(h.base, 'ro', 'new.txt'), content: 'x' }],
      ['fs_edit_file', { path: frozen, oldString: 'frozen', newString: 'x' }],
      ['fs_delete', { path: frozen }],
      ['fs_move', { from: frozen, to: 'thawed.txt' }],
      ['fs_move', { from: 'notes.txt', to: () => path.join(h.base, 'ro', 'notes.txt') }],
      ['fs_create_directory', { path: () => path.join(h.base, 'ro', 'd') }],
    ])('%s %j is refused', async (tool, input) => {
      const resolved = Object.fromEntries(Object.entries(input).map(([key, value]) => [key, spell(value)]));
      await expectRefused(tool, resolved, 'permission_denied', 'read_only_root');
    });

    it('reads a read-only root', async () => {
      expect(
        completed(await h.call('fs_read_file', { path: path.join(h.base, 'ro', 'frozen.txt') })).output,
      ).toStrictEqual({ type: 'text', text: 'frozen\n' });
    });
  });

  describe('hard links', () => {
    it.each<[string, Record<string, JsonValue>]>([
      ['fs_write_file', { path: 'hard.txt', content: 'pwned', overwrite: true }],
      ['fs_edit_file', { path: 'hard.txt', oldString: 'victim', newString: 'pwned' }],
      ['fs_move', { from: 'notes.txt', to: 'hard.txt', overwrite: true }],
    ])('%s %j is refused: the other name may be outside the root', async (tool, input) => {
      await expectRefused(tool, input, 'permission_denied', 'hard_link');
      expect(readFileSync(path.join(h.outside, 'victim.txt'), 'utf8')).toBe('victim\n');
    });
  });

  describe('FIFOs, devices and huge files', () => {
    it.each<[string, Record<string, JsonValue>, string]>([
      ['fs_read_file', { path: 'fifo' }, 'not_a_regular_file'],
      ['fs_write_file', { path: 'fifo', content: 'x', overwrite: true }, 'not_a_regular_file'],
      ['fs_edit_file', { path: 'fifo', oldString: 'a', newString: 'b' }, 'not_a_regular_file'],
      ['fs_grep', { pattern: 'x', path: 'fifo' }, 'not_a_regular_file'],
      ['fs_read_file', { path: 'huge.txt' }, 'too_large'],
      ['fs_edit_file', { path: 'huge.txt', oldString: 'a', newString: 'b' }, 'too_large'],
      ['fs_grep', { pattern: 'x', path: 'huge.txt' }, 'too_large'],
    ])('%s %j is refused without blocking (%s)', async (tool, input, reason) => {
      const started = Date.now();
      await expectRefused(tool, input, 'invalid_input', reason);
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('walks past a FIFO and a huge file without blocking or reading them', async () => {
      const started = Date.now();
      expect(completed(await h.call('fs_grep', { pattern: 'hello' })).output).toStrictEqual({
        type: 'structured',
        value: { matches: [{ path: r('notes.txt'), line: 1, text: 'hello' }], truncated: false, skippedHardLinks: 1 },
      });
      expect(Date.now() - started).toBeLessThan(2000);
    });
  });

  describe('inputs that are not paths', () => {
    it.each<[string, Record<string, JsonValue>]>([
      ['fs_read_file', { path: 0 }],
      ['fs_read_file', { path: null }],
      ['fs_read_file', { path: ['notes.txt'] }],
      ['fs_read_file', { path: '' }],
      ['fs_read_file', { path: 'notes.txt', extra: true }],
      ['fs_write_file', { path: 0, content: 'x' }],
      ['fs_write_file', { path: 'x.txt', content: 0 }],
      ['fs_edit_file', { path: 0, oldString: 'a', newString: 'b' }],
      ['fs_list_directory', { path: 0 }],
      ['fs_create_directory', { path: 0 }],
      ['fs_delete', { path: 0 }],
      ['fs_delete', { path: 'notes.txt', recursive: 'yes' }],
      ['fs_move', { from: 0, to: 'x' }],
      ['fs_move', { from: 'notes.txt', to: 0 }],
      ['fs_grep', { pattern: 'x', path: 0 }],
      ['fs_glob', { pattern: 0 }],
    ])('%s %j is invalid input', async (tool, input) => {
      await expectRefused(tool, input, 'invalid_input', undefined);
    });

    it.each([
      ['a NUL byte', 'notes.txt\u0000.png'],
      ['a newline', 'notes\n.txt'],
    ])('refuses a path with %s', async (_name, input) => {
      await expectRefused('fs_write_file', { path: input, content: 'x' }, 'invalid_input', 'control_character');
    });
  });
});
