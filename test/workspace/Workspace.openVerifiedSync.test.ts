import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Workspace } from '../../src/workspace/Workspace.js';
import { getRefusal } from './getRefusal.js';
import { makeTempDir } from './makeTempDir.js';

let base: string;
let root: string;
let workspace: Workspace;

beforeAll(async () => {
  base = await makeTempDir();
  root = path.join(base, 'root');
  mkdirSync(path.join(root, 'dir'), { recursive: true });
  mkdirSync(path.join(base, 'outside'));
  writeFileSync(path.join(root, 'file.txt'), 'hello');
  writeFileSync(path.join(base, 'outside/secret.txt'), 'secret');
  execFileSync('mkfifo', [path.join(root, 'fifo')]);
  symlinkSync('/dev/zero', path.join(root, 'zero'));
  symlinkSync('file.txt', path.join(root, 'link-file'));
  symlinkSync(path.join(base, 'outside'), path.join(root, 'link-outside-dir'));
  workspace = Workspace.create([{ path: root }]);
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

const openFileCount = (): number => readdirSync('/proc/self/fd').length;

describe(Workspace.name, () => {
  describe('.openVerifiedSync', () => {
    it('opens a regular file and returns its descriptor, stats and confirmed path', () => {
      const file = path.join(root, 'file.txt');
      const opened = workspace.openVerifiedSync(file, { maxBytes: 5 });
      try {
        expect({ path: opened.path, isFile: opened.stats.isFile(), size: opened.stats.size }).toStrictEqual({ path: file, isFile: true, size: 5 });
        expect(readFileSync(opened.fd, 'utf8')).toBe('hello');
      } finally {
        closeSync(opened.fd);
      }
    });

    it.each([
      ['a file over maxBytes', 'file.txt', 4],
      ['a FIFO (without blocking)', 'fifo', undefined],
      ['a final symlink', 'link-file', undefined],
      ['a symlink to /dev/zero', 'zero', undefined],
      ['a directory', 'dir', undefined],
      ['a path through a link that leads out', 'link-outside-dir/secret.txt', undefined],
      ['a missing file', 'missing.txt', undefined],
      ['a path outside every root', '../outside/secret.txt', undefined],
    ])('refuses %s exactly as openVerified does', async (_label, relative, maxBytes) => {
      const target = path.resolve(root, relative);
      const options = maxBytes === undefined ? {} : { maxBytes };
      const asyncRefusal = await getRefusal(workspace.openVerified(target, options));
      const syncRefusal = await getRefusal(Promise.resolve().then(() => workspace.openVerifiedSync(target, options)));
      expect(syncRefusal).toStrictEqual(asyncRefusal);
      expect(asyncRefusal).toMatchObject({ details: { reason: expect.any(String) as unknown } });
    });

    it('refuses a relative path', async () => {
      expect(await getRefusal(Promise.resolve().then(() => workspace.openVerifiedSync('file.txt')))).toMatchObject({
        code: 'invalid_input',
        details: { reason: 'not_absolute' },
      });
    });

    it('closes the descriptor when it refuses an opened file', () => {
      const before = openFileCount();
      expect(() => workspace.openVerifiedSync(path.join(root, 'dir'))).toThrow();
      expect(() => workspace.openVerifiedSync(path.join(root, 'file.txt'), { maxBytes: 1 })).toThrow();
      expect(openFileCount()).toBe(before);
    });
  });
});
