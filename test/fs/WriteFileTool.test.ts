import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { WriteFileTool } from '../../src/fs/tools/WriteFileTool.js';
import { createFsHarness, type FsHarness } from './fixtures/createFsHarness.js';
import { failure, structured } from './fixtures/outcomes.js';

let h: FsHarness;

beforeEach(async () => {
  h = await createFsHarness({ extraRoots: [{ name: 'ro', mode: 'read_only' }] });
  writeFileSync(path.join(h.root, 'existing.txt'), 'old\n');
  mkdirSync(path.join(h.root, 'dir'));
  symlinkSync(h.outside, path.join(h.root, 'link-out-dir'));
  symlinkSync(path.join(h.outside, 'target.txt'), path.join(h.root, 'dangling-out'));
});

afterEach(() => {
  h.cleanup();
});

const write = (input: Record<string, unknown>, session?: string) => h.call('fs_write_file', input as never, session);
const read = (file: string, session?: string) => h.call('fs_read_file', { path: file }, session);
const outsideIsEmpty = (): boolean => readdirSync(h.outside).length === 0;

describe(WriteFileTool.name, () => {
  describe('new files', () => {
    it('creates a file and returns its canonical path, size and a diff', async () => {
      const value = structured(await write({ path: 'new.txt', content: 'hello\n' }));
      expect(value).toStrictEqual({
        path: path.join(h.root, 'new.txt'),
        created: true,
        bytes: 6,
        createdDirectories: [],
        diff: `--- ${path.join(h.root, 'new.txt')}\n+++ ${path.join(h.root, 'new.txt')}\n@@ -0,0 +1,1 @@\n+hello\n`,
        diffTruncated: false,
      });
      expect(readFileSync(path.join(h.root, 'new.txt'), 'utf8')).toBe('hello\n');
    });

    it('creates missing parents only with createParents, one request naming them', async () => {
      failure(await write({ path: 'a/b/c.txt', content: 'x' }), 'invalid_input', 'parent_missing', false);
      expect(existsSync(path.join(h.root, 'a'))).toBe(false);
      const value = structured(await write({ path: 'a/b/c.txt', content: 'x', createParents: true }));
      expect(value['createdDirectories']).toStrictEqual([path.join(h.root, 'a'), path.join(h.root, 'a/b')]);
    });

    it.each([
      ['ghost/../.. (the Rust escape)', 'ghost/../../outside/x.txt', 'outside_roots'],
      ['a prefix sibling', '../root_evil/x.txt', 'outside_roots'],
      ['a symlinked parent leading out', 'link-out-dir/x.txt', 'symlink_escape'],
      ['a symlinked parent leading out, with createParents', 'link-out-dir/new/x.txt', 'symlink_escape'],
      ['a dangling symlink leading out', 'dangling-out', 'dangling_symlink'],
    ])('refuses %s and writes nothing outside', async (_name, input, reason) => {
      failure(await write({ path: input, content: 'pwned', createParents: true }), 'permission_denied', reason, false);
      expect(outsideIsEmpty()).toBe(true);
    });

    it('refuses a read-only root', async () => {
      failure(
        await write({ path: path.join(h.base, 'ro', 'x.txt'), content: 'x' }),
        'permission_denied',
        'read_only_root',
        false,
      );
    });
  });

  describe('existing files', () => {
    it('refuses to replace a file without overwrite: true', async () => {
      failure(await write({ path: 'existing.txt', content: 'new' }), 'invalid_input', 'exists', false);
    });

    it('refuses to overwrite a file this session has not read (read-before-write), invoked: false', async () => {
      const error = failure(
        await write({ path: 'existing.txt', content: 'new', overwrite: true }),
        'invalid_input',
        'not_read',
        false,
      );
      expect(error.message).toContain('fs_read_file');
      await read('existing.txt', 'other-session');
      failure(
        await write({ path: 'existing.txt', content: 'new', overwrite: true }),
        'invalid_input',
        'not_read',
        false,
      );
      expect(readFileSync(path.join(h.root, 'existing.txt'), 'utf8')).toBe('old\n');
    });

    it('overwrites after a read, keeping the mode, through a temp file that does not stay behind', async () => {
      chmodSync(path.join(h.root, 'existing.txt'), 0o640);
      await read('existing.txt');
      const value = structured(await write({ path: 'existing.txt', content: 'new\n', overwrite: true }));
      expect(value).toMatchObject({
        created: false,
        bytes: 4,
        diff: expect.stringContaining('-old\n+new') as unknown as string,
      });
      expect(readFileSync(path.join(h.root, 'existing.txt'), 'utf8')).toBe('new\n');
      expect(statSync(path.join(h.root, 'existing.txt')).mode & 0o777).toBe(0o640);
      expect(readdirSync(h.root).filter((name) => name.includes('agentkit'))).toStrictEqual([]);
    });

    it('counts its own write as seen: a second overwrite needs no new read', async () => {
      await read('existing.txt');
      structured(await write({ path: 'existing.txt', content: 'one\n', overwrite: true }));
      structured(await write({ path: 'existing.txt', content: 'two\n', overwrite: true }));
      expect(readFileSync(path.join(h.root, 'existing.txt'), 'utf8')).toBe('two\n');
    });

    it('refuses with a stale-read error when the file changed since the read', async () => {
      await read('existing.txt');
      writeFileSync(path.join(h.root, 'existing.txt'), 'changed by someone else\n');
      utimesSync(path.join(h.root, 'existing.txt'), new Date(2000, 1, 1), new Date(2000, 1, 1));
      failure(
        await write({ path: 'existing.txt', content: 'new', overwrite: true }),
        'invalid_input',
        'stale_read',
        false,
      );
      expect(readFileSync(path.join(h.root, 'existing.txt'), 'utf8')).toBe('changed by someone else\n');
    });

    it('does not require the read when requireReadBeforeWrite is false', async () => {
      const relaxed = await createFsHarness({ fs: { requireReadBeforeWrite: false } });
      writeFileSync(path.join(relaxed.root, 'f.txt'), 'old');
      structured(await relaxed.call('fs_write_file', { path: 'f.txt', content: 'new', overwrite: true }));
      expect(readFileSync(path.join(relaxed.root, 'f.txt'), 'utf8')).toBe('new');
      relaxed.cleanup();
    });

    it('refuses a file with a second hard link (it could be a file outside the root)', async () => {
      writeFileSync(path.join(h.outside, 'victim.txt'), 'outside');
      linkSync(path.join(h.outside, 'victim.txt'), path.join(h.root, 'hard.txt'));
      await read('hard.txt');
      failure(
        await write({ path: 'hard.txt', content: 'pwned', overwrite: true }),
        'permission_denied',
        'hard_link',
        false,
      );
      expect(readFileSync(path.join(h.outside, 'victim.txt'), 'utf8')).toBe('outside');
    });

    it('writes through a symlink inside the root to its target, leaving the link a link', async () => {
      symlinkSync('existing.txt', path.join(h.root, 'alias'));
      await read('alias');
      expect(structured(await write({ path: 'alias', content: 'via alias\n', overwrite: true }))['path']).toBe(
        path.join(h.root, 'existing.txt'),
      );
      expect(readFileSync(path.join(h.root, 'existing.txt'), 'utf8')).toBe('via alias\n');
    });

    it('keeps the BOM and the UTF-16 encoding of the file it replaces', async () => {
      writeFileSync(path.join(h.root, 'bom.txt'), '\ufeffold\n');
      writeFileSync(
        path.join(h.root, 'u16.txt'),
        Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('old\n', 'utf16le').swap16()]),
      );
      for (const name of ['bom.txt', 'u16.txt']) await read(name);
      structured(await write({ path: 'bom.txt', content: 'new\n', overwrite: true }));
      structured(await write({ path: 'u16.txt', content: 'nëw\n', overwrite: true }));
      expect(readFileSync(path.join(h.root, 'bom.txt'))).toStrictEqual(Buffer.from('\ufeffnew\n'));
      expect(readFileSync(path.join(h.root, 'u16.txt'))).toStrictEqual(
        Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('nëw\n', 'utf16le').swap16()]),
      );
    });

    it('keeps CRLF line endings and the BOM when given LF text, as fs_read_file shows the file', async () => {
      writeFileSync(path.join(h.root, 'win.txt'), '\ufeffone\r\ntwo\r\n');
      await read('win.txt');
      const value = structured(await write({ path: 'win.txt', content: 'one\n$& three\n', overwrite: true }));
      expect(readFileSync(path.join(h.root, 'win.txt'))).toStrictEqual(Buffer.from('\ufeffone\r\n$& three\r\n'));
      expect(value['diff']).toBe(
        `--- ${path.join(h.root, 'win.txt')}\n+++ ${path.join(h.root, 'win.txt')}\n@@ -1,2 +1,2 @@\n one\n-two\n+$& three\n`,
      );
    });

    it('writes LF text into an LF file unchanged, and $& literally', async () => {
      await read('existing.txt');
      structured(await write({ path: 'existing.txt', content: '$& $1 $$\r\nkept\n', overwrite: true }));
      expect(readFileSync(path.join(h.root, 'existing.txt'), 'utf8')).toBe('$& $1 $$\r\nkept\n');
    });

    it('refuses a directory', async () => {
      failure(await write({ path: 'dir', content: 'x', overwrite: true }), 'invalid_input', 'is_a_directory', false);
    });
  });
});
