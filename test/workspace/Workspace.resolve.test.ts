import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ToolError } from '../../src/errors/ToolError.js';
import { Workspace } from '../../src/workspace/Workspace.js';
import { getRefusal } from './getRefusal.js';
import { makeTempDir } from './makeTempDir.js';

let base: string;
let root: string;
let readOnlyRoot: string;
let workspace: Workspace;
let rootPaths: string[];

beforeAll(async () => {
  base = await makeTempDir();
  root = path.join(base, 'root');
  readOnlyRoot = path.join(base, 'ro');
  for (const dir of ['root/dir/sub', 'root/dir/ro-nested', 'ro/docs', 'outside/dir', 'root_evil']) {
    mkdirSync(path.join(base, dir), { recursive: true });
  }
  writeFileSync(path.join(root, 'file.txt'), 'hello');
  writeFileSync(path.join(root, 'dir/nested.txt'), 'nested');
  writeFileSync(path.join(readOnlyRoot, 'docs/readme.md'), 'read me');
  writeFileSync(path.join(base, 'outside/secret.txt'), 'secret');
  writeFileSync(path.join(base, 'root_evil/secret.txt'), 'evil');
  symlinkSync(path.join(root, 'dir/nested.txt'), path.join(root, 'link-inside'));
  symlinkSync('dir', path.join(root, 'link-dir-inside'));
  symlinkSync(path.join(base, 'outside/secret.txt'), path.join(root, 'link-outside-file'));
  symlinkSync('../outside', path.join(root, 'link-outside-dir'));
  symlinkSync(path.join(root, 'missing-target'), path.join(root, 'dangling'));
  symlinkSync(path.join(base, 'nowhere/dir'), path.join(root, 'dangling-dir'));
  symlinkSync('loop', path.join(root, 'loop'));
  symlinkSync('/dev/zero', path.join(root, 'zero'));
  symlinkSync(path.join(root, 'dir'), path.join(readOnlyRoot, 'to-root-dir'));
  symlinkSync(path.join(readOnlyRoot, 'docs'), path.join(root, 'link-to-read-only'));
  workspace = Workspace.create([{ path: root }, { path: readOnlyRoot, mode: 'read_only' }]);
  rootPaths = [root, readOnlyRoot];
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

const readWrite = (): { path: string; mode: 'read_write' } => ({ path: root, mode: 'read_write' });

describe(Workspace.name, () => {
  describe('.resolve', () => {
    it('resolves a relative path against the first root', async () => {
      expect(await workspace.resolve('file.txt')).toStrictEqual({
        path: path.join(root, 'file.txt'),
        root: readWrite(),
        exists: true,
      });
    });

    it('resolves a relative path against options.base', async () => {
      const resolved = await workspace.resolve('nested.txt', { base: path.join(root, 'dir') });
      expect(resolved).toStrictEqual({ path: path.join(root, 'dir/nested.txt'), root: readWrite(), exists: true });
    });

    it('resolves a relative path against a base in the second root', async () => {
      const resolved = await workspace.resolve('readme.md', { base: path.join(readOnlyRoot, 'docs') });
      expect(resolved).toStrictEqual({
        path: path.join(readOnlyRoot, 'docs/readme.md'),
        root: { path: readOnlyRoot, mode: 'read_only' },
        exists: true,
      });
    });

    it('refuses a base outside the roots', async () => {
      const outside = path.join(base, 'outside');
      expect(await getRefusal(workspace.resolve('secret.txt', { base: outside }))).toStrictEqual({
        code: 'permission_denied',
        details: { path: 'secret.txt', reason: 'outside_roots', roots: rootPaths, base: outside },
      });
    });

    it('resolves a relative base against the first root', async () => {
      expect(await workspace.resolve('nested.txt', { base: 'dir' })).toStrictEqual({
        path: path.join(root, 'dir/nested.txt'),
        root: readWrite(),
        exists: true,
      });
    });

    it('refuses a relative path whose base leads out through a symlink', async () => {
      const resolved = workspace.resolve('secret.txt', { base: path.join(root, 'link-outside-dir') });
      expect(await getRefusal(resolved)).toStrictEqual({
        code: 'permission_denied',
        details: { path: 'secret.txt', reason: 'symlink_escape', roots: rootPaths },
      });
    });

    it('refuses a base that is not a usable path string', async () => {
      expect(await getRefusal(workspace.resolve('x', { base: 'dir\0' }))).toStrictEqual({
        code: 'invalid_input',
        details: { path: 'dir\0', reason: 'control_character' },
      });
    });

    it('resolves a path equal to a root, spelled "." or absolute', async () => {
      const expected = { path: root, root: readWrite(), exists: true };
      expect(await workspace.resolve('.')).toStrictEqual(expected);
      expect(await workspace.resolve(root)).toStrictEqual(expected);
      expect(await workspace.resolve(`${root}/`)).toStrictEqual(expected);
    });

    it('resolves a new file in missing directories to its canonical path', async () => {
      expect(await workspace.resolve('new/deeper/file.txt')).toStrictEqual({
        path: path.join(root, 'new/deeper/file.txt'),
        root: readWrite(),
        exists: false,
      });
    });

    it('treats "~" as a literal name, not the home directory', async () => {
      expect(await workspace.resolve('~/notes.txt')).toStrictEqual({
        path: path.join(root, '~/notes.txt'),
        root: readWrite(),
        exists: false,
      });
    });

    it('folds "." and ".." that stay inside the root', async () => {
      expect(await workspace.resolve('dir/./sub/../../file.txt')).toStrictEqual({
        path: path.join(root, 'file.txt'),
        root: readWrite(),
        exists: true,
      });
    });

    it('follows a symlink that stays inside the root to its real path', async () => {
      expect(await workspace.resolve('link-inside')).toStrictEqual({
        path: path.join(root, 'dir/nested.txt'),
        root: readWrite(),
        exists: true,
      });
      expect(await workspace.resolve('link-dir-inside/new.txt')).toStrictEqual({
        path: path.join(root, 'dir/new.txt'),
        root: readWrite(),
        exists: false,
      });
    });

    it.each([
      ['..'],
      ['../'],
      ['../outside/secret.txt'],
      ['./../outside'],
      ['dir/../../outside'],
      ['dir/./sub/../..//../outside/secret.txt'],
      ['ghost/../../outside/x'],
      ['../root_evil/secret.txt'],
      ['../root'.concat('_evil')],
    ])('refuses the relative path %j that leaves the root', async (input) => {
      expect(await getRefusal(workspace.resolve(input))).toStrictEqual({
        code: 'permission_denied',
        details: { path: input, reason: 'outside_roots', roots: rootPaths },
      });
    });

    it('refuses absolute paths outside the roots, including the /root_evil prefix sibling', async () => {
      for (const input of [
        '/etc/passwd',
        '/',
        base,
        `${root}_evil`,
        `${root}_evil/secret.txt`,
        `${root}/../outside/secret.txt`,
        `${root}/ghost/../../outside/x`,
      ]) {
        expect(await getRefusal(workspace.resolve(input))).toStrictEqual({
          code: 'permission_denied',
          details: { path: input, reason: 'outside_roots', roots: rootPaths },
        });
      }
    });

    it('names the allowed roots in the outside_roots message', async () => {
      const error = await workspace.resolve('/etc/passwd').catch((caught: unknown) => caught);
      expect(ToolError.is(error)).toBe(true);
      expect((error as ToolError).message).toContain(JSON.stringify(root));
      expect((error as ToolError).message).toContain(JSON.stringify(readOnlyRoot));
    });

    it.each([
      ['link-outside-file'],
      ['link-outside-dir'],
      ['link-outside-dir/secret.txt'],
      ['link-outside-dir/new-file.txt'],
      ['link-outside-dir/dir/a/b'],
      ['zero'],
    ])('refuses %j, which leads out through a symlink', async (input) => {
      expect(await getRefusal(workspace.resolve(input))).toStrictEqual({
        code: 'permission_denied',
        details: { path: input, reason: 'symlink_escape', roots: rootPaths },
      });
    });

    it.each([['dangling'], ['dangling/new.txt'], ['dangling-dir/new.txt'], ['loop'], ['loop/x']])(
      'refuses %j, which goes through a dangling or looping symlink',
      async (input) => {
        for (const access of ['read', 'write'] as const) {
          expect(await getRefusal(workspace.resolve(input, { access }))).toStrictEqual({
            code: 'permission_denied',
            details: { path: input, reason: 'dangling_symlink' },
          });
        }
      },
    );

    it('refuses a path that continues below a file', async () => {
      for (const input of ['file.txt/x', 'file.txt/x/y', 'link-inside/x']) {
        expect(await getRefusal(workspace.resolve(input))).toStrictEqual({
          code: 'invalid_input',
          details: { path: input, reason: 'not_a_directory' },
        });
      }
    });

    it('refuses write access in a read_only root and allows read access', async () => {
      const input = path.join(readOnlyRoot, 'docs/readme.md');
      expect(await getRefusal(workspace.resolve(input, { access: 'write' }))).toStrictEqual({
        code: 'permission_denied',
        details: { path: input, reason: 'read_only_root', root: readOnlyRoot },
      });
      expect(await workspace.resolve(input, { access: 'read' })).toStrictEqual({
        path: input,
        root: { path: readOnlyRoot, mode: 'read_only' },
        exists: true,
      });
    });

    it('refuses a new file in a read_only root for writing', async () => {
      const input = path.join(readOnlyRoot, 'new.txt');
      expect(await getRefusal(workspace.resolve(input, { access: 'write' }))).toStrictEqual({
        code: 'permission_denied',
        details: { path: input, reason: 'read_only_root', root: readOnlyRoot },
      });
    });

    it('decides the mode by the root of the canonical path, not of the spelling', async () => {
      const intoReadOnly = 'link-to-read-only/new.md';
      expect(await getRefusal(workspace.resolve(intoReadOnly, { access: 'write' }))).toStrictEqual({
        code: 'permission_denied',
        details: { path: intoReadOnly, reason: 'read_only_root', root: readOnlyRoot },
      });
      const intoReadWrite = path.join(readOnlyRoot, 'to-root-dir/new.txt');
      expect(await workspace.resolve(intoReadWrite, { access: 'write' })).toStrictEqual({
        path: path.join(root, 'dir/new.txt'),
        root: readWrite(),
        exists: false,
      });
    });

    it('uses the mode of the most specific root when roots are nested', async () => {
      const nested = path.join(root, 'dir/ro-nested');
      const nestedWorkspace = Workspace.create([{ path: root }, { path: nested, mode: 'read_only' }]);
      expect(await getRefusal(nestedWorkspace.resolve('dir/ro-nested/a.txt', { access: 'write' }))).toStrictEqual({
        code: 'permission_denied',
        details: { path: 'dir/ro-nested/a.txt', reason: 'read_only_root', root: nested },
      });
      expect(await nestedWorkspace.resolve('dir/a.txt', { access: 'write' })).toStrictEqual({
        path: path.join(root, 'dir/a.txt'),
        root: readWrite(),
        exists: false,
      });
    });

    it.each([[0], [null], [{}], [undefined], [['file.txt']], [true], [Symbol('x')]])(
      'refuses the non-string input %p',
      async (input) => {
        expect(await getRefusal(workspace.resolve(input))).toStrictEqual({
          code: 'invalid_input',
          details: { reason: 'not_a_string' },
        });
      },
    );

    it('refuses the empty string', async () => {
      expect(await getRefusal(workspace.resolve(''))).toStrictEqual({
        code: 'invalid_input',
        details: { path: '', reason: 'empty' },
      });
    });

    it.each([
      ['file.txt\0'],
      ['\0'],
      ['dir\n/x'],
      ['a\rb'],
      ['tab\there'],
      ['esc\u001b[31m'],
      ['del\u007f'],
      ['c1\u0085'],
    ])('refuses the control character in %j', async (input) => {
      expect(await getRefusal(workspace.resolve(input))).toStrictEqual({
        code: 'invalid_input',
        details: { path: input, reason: 'control_character' },
      });
    });

    it('says in the message which character is wrong and how to fix it', async () => {
      const error = await workspace.resolve('file.txt\0.png').catch((caught: unknown) => caught);
      expect(ToolError.is(error)).toBe(true);
      expect((error as ToolError).message).toBe(
        'The path "file.txt\\u0000.png" contains the control character U+0000 at index 8. Remove control characters (NUL, newline, tab, escape, ...) from the path.',
      );
    });

    it('refuses a lone surrogate', async () => {
      expect(await getRefusal(workspace.resolve('bad\ud800.txt'))).toStrictEqual({
        code: 'invalid_input',
        details: { path: 'bad\ud800.txt', reason: 'invalid_unicode' },
      });
    });

    it('refuses a name the file system cannot hold', async () => {
      const input = 'x'.repeat(300);
      expect(await getRefusal(workspace.resolve(input))).toStrictEqual({
        code: 'invalid_input',
        details: { path: input, reason: 'too_long' },
      });
    });

    it('refuses every path when there are no roots', async () => {
      for (const input of ['file.txt', root, '.']) {
        expect(await getRefusal(Workspace.empty().resolve(input))).toStrictEqual({
          code: 'permission_denied',
          details: { path: input, reason: 'no_roots' },
        });
      }
    });

    it('never resolves against process.cwd()', async () => {
      expect(existsSync(path.join(process.cwd(), 'package.json'))).toBe(true);
      expect(await workspace.resolve('package.json')).toStrictEqual({
        path: path.join(root, 'package.json'),
        root: readWrite(),
        exists: false,
      });
    });
  });
});
