import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { Workspace } from '../../src/workspace/Workspace.js';
import { getRefusal } from './getRefusal.js';
import { makeTempDir } from './makeTempDir.js';

let base: string;
let root: string;
let workspace: Workspace;
let socketServer: Server;
let rootPaths: string[];

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
  socketServer = createServer();
  await new Promise<void>((resolve) => socketServer.listen(path.join(root, 'socket'), resolve));
  workspace = Workspace.create([{ path: root }]);
  rootPaths = [root];
});

afterAll(async () => {
  await new Promise<void>((resolve) => socketServer.close(() => resolve()));
  rmSync(base, { recursive: true, force: true });
});

const openFileCount = (): number => readdirSync('/proc/self/fd').length;

describe(Workspace.name, () => {
  describe('.openVerified', () => {
    it('opens a regular file and returns its handle, stats and confirmed path', async () => {
      const file = path.join(root, 'file.txt');
      const opened = await workspace.openVerified(file, { maxBytes: 5 });
      try {
        expect({ path: opened.path, isFile: opened.stats.isFile(), size: opened.stats.size }).toStrictEqual({ path: file, isFile: true, size: 5 });
        expect(await opened.handle.readFile('utf8')).toBe('hello');
      } finally {
        await opened.handle.close();
      }
    });

    it('refuses a regular file larger than maxBytes', async () => {
      const file = path.join(root, 'file.txt');
      expect(await getRefusal(workspace.openVerified(file, { maxBytes: 4 }))).toStrictEqual({
        code: 'invalid_input',
        details: { path: file, reason: 'too_large', size: 5, maxBytes: 4 },
      });
    });

    it('refuses a directory unless allowDirectory is set', async () => {
      const dir = path.join(root, 'dir');
      expect(await getRefusal(workspace.openVerified(dir))).toStrictEqual({ code: 'invalid_input', details: { path: dir, reason: 'is_a_directory' } });
      const opened = await workspace.openVerified(dir, { allowDirectory: true });
      await opened.handle.close();
      expect({ path: opened.path, isDirectory: opened.stats.isDirectory() }).toStrictEqual({ path: dir, isDirectory: true });
    });

    it('refuses a FIFO without blocking', async () => {
      const fifo = path.join(root, 'fifo');
      expect(await getRefusal(workspace.openVerified(fifo))).toStrictEqual({
        code: 'invalid_input',
        details: { path: fifo, reason: 'not_a_regular_file', kind: 'fifo' },
      });
    });

    it('refuses a unix socket', async () => {
      const socket = path.join(root, 'socket');
      expect(await getRefusal(workspace.openVerified(socket))).toStrictEqual({
        code: 'invalid_input',
        details: { path: socket, reason: 'not_a_regular_file', kind: 'other' },
      });
    });

    it('refuses a character device even inside a root', async () => {
      const devices = Workspace.create([{ path: '/dev' }]);
      expect(await getRefusal(devices.openVerified('/dev/zero'))).toStrictEqual({
        code: 'invalid_input',
        details: { path: '/dev/zero', reason: 'not_a_regular_file', kind: 'character_device' },
      });
    });

    it('refuses a symlink inside the root that points to /dev/zero without following it', async () => {
      const zero = path.join(root, 'zero');
      expect(await getRefusal(workspace.openVerified(zero))).toStrictEqual({ code: 'permission_denied', details: { path: zero, reason: 'final_symlink' } });
    });

    it('refuses a final symlink even when it points inside the root', async () => {
      const link = path.join(root, 'link-file');
      expect(await getRefusal(workspace.openVerified(link))).toStrictEqual({ code: 'permission_denied', details: { path: link, reason: 'final_symlink' } });
    });

    it('refuses /dev/zero when no root contains it, without opening it', async () => {
      expect(await getRefusal(workspace.openVerified('/dev/zero'))).toStrictEqual({
        code: 'permission_denied',
        details: { path: '/dev/zero', reason: 'outside_roots', roots: rootPaths },
      });
      expect(await getRefusal(Workspace.empty().openVerified('/dev/zero'))).toStrictEqual({
        code: 'permission_denied',
        details: { path: '/dev/zero', reason: 'no_roots' },
      });
    });

    it('refuses a handle that an intermediate symlink took outside the roots', async () => {
      const through = path.join(root, 'link-outside-dir/secret.txt');
      expect(await getRefusal(workspace.openVerified(through))).toStrictEqual({
        code: 'permission_denied',
        details: { path: through, reason: 'changed_during_open', roots: rootPaths },
      });
    });

    it('refuses relative and missing paths', async () => {
      expect(await getRefusal(workspace.openVerified('file.txt'))).toStrictEqual({ code: 'invalid_input', details: { path: 'file.txt', reason: 'not_absolute' } });
      const missing = path.join(root, 'missing.txt');
      expect(await getRefusal(workspace.openVerified(missing))).toStrictEqual({ code: 'execution_failed', details: { path: missing, reason: 'not_found' } });
    });

    it('closes the handle when it refuses an opened file', async () => {
      const before = openFileCount();
      await getRefusal(workspace.openVerified(path.join(root, 'fifo')));
      await getRefusal(workspace.openVerified(path.join(root, 'dir')));
      await getRefusal(workspace.openVerified(path.join(root, 'file.txt'), { maxBytes: 1 }));
      await getRefusal(workspace.openVerified(path.join(root, 'link-outside-dir/secret.txt')));
      expect(openFileCount()).toBe(before);
    });
  });
});
