import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { locateDescriptor, NO_DESCRIPTOR_LOCATOR, type DescriptorLocator } from '../../src/kernel/index.js';
import type { OpenVerifiedOptions } from '../../src/workspace/OpenVerifiedOptions.js';
import type { VerifiedDescriptor } from '../../src/workspace/VerifiedDescriptor.js';
import { openVerifiedFile, type OpenVerifiedContext } from '../../src/workspace/openVerifiedFile.js';
import { openVerifiedFileSync } from '../../src/workspace/openVerifiedFileSync.js';
import { Workspace } from '../../src/workspace/Workspace.js';
import { getRefusal } from './getRefusal.js';
import { makeTempDir } from './makeTempDir.js';

/** What any twin of the verified open hands back, read the same way. */
interface Opened {
  readonly path: string;
  readonly stats: Stats;
  read(): Promise<string>;
  close(): Promise<void>;
}

type Opener = (workspace: Workspace, target: string, options?: OpenVerifiedOptions) => Promise<Opened>;

function contextOf(workspace: Workspace, locate: DescriptorLocator): OpenVerifiedContext {
  return { roots: workspace.roots, rootOf: (candidate) => workspace.rootOf(candidate), locate };
}

const openAsync =
  (locate: DescriptorLocator): Opener =>
  async (workspace, target, options = {}) => {
    const { handle, stats, path: located } = await openVerifiedFile(target, options, contextOf(workspace, locate));
    return { path: located, stats, read: () => handle.readFile('utf8'), close: () => handle.close() };
  };

function fromDescriptor({ fd, stats, path: located }: VerifiedDescriptor): Opened {
  return {
    path: located,
    stats,
    read: () => Promise.resolve(readFileSync(fd, 'utf8')),
    close: () => {
      closeSync(fd);
      return Promise.resolve();
    },
  };
}

// In a `then`: a synchronous throw becomes a rejection, so both twins are read by one `getRefusal`.
const openSync =
  (locate: DescriptorLocator): Opener =>
  (workspace, target, options = {}) =>
    Promise.resolve().then(() => fromDescriptor(openVerifiedFileSync(target, options, contextOf(workspace, locate))));

/**
 * Every twin of the verified open, through the public methods (which locate handles through
 * /proc) and through the internal seam with /proc location switched off (the realpath +
 * dev/ino fallback every system without /proc takes): one suite, the same answers.
 */
const TWINS: readonly (readonly [string, Opener])[] = [
  [
    'Workspace.openVerified (async, /proc)',
    async (workspace, target, options) => {
      const { handle, stats, path: located } = await workspace.openVerified(target, options);
      return { path: located, stats, read: () => handle.readFile('utf8'), close: () => handle.close() };
    },
  ],
  [
    'Workspace.openVerifiedSync (sync, /proc)',
    (workspace, target, options) =>
      Promise.resolve().then(() => fromDescriptor(workspace.openVerifiedSync(target, options))),
  ],
  ['openVerifiedFile (async, /proc)', openAsync(locateDescriptor)],
  ['openVerifiedFileSync (sync, /proc)', openSync(locateDescriptor)],
  ['openVerifiedFile (async, no /proc: fallback)', openAsync(NO_DESCRIPTOR_LOCATOR)],
  ['openVerifiedFileSync (sync, no /proc: fallback)', openSync(NO_DESCRIPTOR_LOCATOR)],
];

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
  await new Promise<void>((resolve) =>
    socketServer.close(() => {
      resolve();
    }),
  );
  rmSync(base, { recursive: true, force: true });
});

const openFileCount = (): number => readdirSync('/proc/self/fd').length;

describe.each(TWINS)('%s', (_label, open) => {
  it('opens a regular file and returns its handle, stats and confirmed path', async () => {
    const file = path.join(root, 'file.txt');
    const opened = await open(workspace, file, { maxBytes: 5 });
    try {
      expect({ path: opened.path, isFile: opened.stats.isFile(), size: opened.stats.size }).toStrictEqual({
        path: file,
        isFile: true,
        size: 5,
      });
      expect(await opened.read()).toBe('hello');
    } finally {
      await opened.close();
    }
  });

  it('refuses a regular file larger than maxBytes', async () => {
    const file = path.join(root, 'file.txt');
    expect(await getRefusal(open(workspace, file, { maxBytes: 4 }))).toStrictEqual({
      code: 'invalid_input',
      details: { path: file, reason: 'too_large', size: 5, maxBytes: 4 },
    });
  });

  it('refuses a directory unless allowDirectory is set', async () => {
    const dir = path.join(root, 'dir');
    expect(await getRefusal(open(workspace, dir))).toStrictEqual({
      code: 'invalid_input',
      details: { path: dir, reason: 'is_a_directory' },
    });
    const opened = await open(workspace, dir, { allowDirectory: true });
    await opened.close();
    expect({ path: opened.path, isDirectory: opened.stats.isDirectory() }).toStrictEqual({
      path: dir,
      isDirectory: true,
    });
  });

  it('refuses a FIFO without blocking', async () => {
    const fifo = path.join(root, 'fifo');
    expect(await getRefusal(open(workspace, fifo))).toStrictEqual({
      code: 'invalid_input',
      details: { path: fifo, reason: 'not_a_regular_file', kind: 'fifo' },
    });
  });

  it('refuses a unix socket', async () => {
    const socket = path.join(root, 'socket');
    expect(await getRefusal(open(workspace, socket))).toStrictEqual({
      code: 'invalid_input',
      details: { path: socket, reason: 'not_a_regular_file', kind: 'other' },
    });
  });

  it('refuses a character device even inside a root', async () => {
    const devices = Workspace.create([{ path: '/dev' }]);
    expect(await getRefusal(open(devices, '/dev/zero'))).toStrictEqual({
      code: 'invalid_input',
      details: { path: '/dev/zero', reason: 'not_a_regular_file', kind: 'character_device' },
    });
  });

  it('refuses a symlink inside the root that points to /dev/zero without following it', async () => {
    const zero = path.join(root, 'zero');
    expect(await getRefusal(open(workspace, zero))).toStrictEqual({
      code: 'permission_denied',
      details: { path: zero, reason: 'final_symlink' },
    });
  });

  it('refuses a final symlink even when it points inside the root', async () => {
    const link = path.join(root, 'link-file');
    expect(await getRefusal(open(workspace, link))).toStrictEqual({
      code: 'permission_denied',
      details: { path: link, reason: 'final_symlink' },
    });
  });

  it('refuses /dev/zero when no root contains it, without opening it', async () => {
    expect(await getRefusal(open(workspace, '/dev/zero'))).toStrictEqual({
      code: 'permission_denied',
      details: { path: '/dev/zero', reason: 'outside_roots', roots: rootPaths },
    });
    expect(await getRefusal(open(Workspace.empty(), '/dev/zero'))).toStrictEqual({
      code: 'permission_denied',
      details: { path: '/dev/zero', reason: 'no_roots' },
    });
  });

  it('refuses a path outside every root', async () => {
    const outside = path.join(base, 'outside/secret.txt');
    expect(await getRefusal(open(workspace, outside))).toStrictEqual({
      code: 'permission_denied',
      details: { path: outside, reason: 'outside_roots', roots: rootPaths },
    });
  });

  it('refuses a handle that an intermediate symlink took outside the roots', async () => {
    const through = path.join(root, 'link-outside-dir/secret.txt');
    expect(await getRefusal(open(workspace, through))).toStrictEqual({
      code: 'permission_denied',
      details: { path: through, reason: 'changed_during_open', roots: rootPaths },
    });
  });

  it('refuses relative and missing paths', async () => {
    expect(await getRefusal(open(workspace, 'file.txt'))).toStrictEqual({
      code: 'invalid_input',
      details: { path: 'file.txt', reason: 'not_absolute' },
    });
    const missing = path.join(root, 'missing.txt');
    expect(await getRefusal(open(workspace, missing))).toStrictEqual({
      code: 'execution_failed',
      details: { path: missing, reason: 'not_found' },
    });
  });

  it('closes the handle when it refuses an opened file', async () => {
    const before = openFileCount();
    await getRefusal(open(workspace, path.join(root, 'fifo')));
    await getRefusal(open(workspace, path.join(root, 'dir')));
    await getRefusal(open(workspace, path.join(root, 'file.txt'), { maxBytes: 1 }));
    await getRefusal(open(workspace, path.join(root, 'link-outside-dir/secret.txt')));
    expect(openFileCount()).toBe(before);
  });
});
