import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ToolConfigurationError } from '../../src/errors/ToolConfigurationError.js';
import { Workspace } from '../../src/workspace/Workspace.js';
import { getRefusal } from './getRefusal.js';
import { makeTempDir } from './makeTempDir.js';

let base: string;
let root: string;
let other: string;
let linkToRoot: string;

beforeAll(async () => {
  base = await makeTempDir();
  root = path.join(base, 'root');
  other = path.join(base, 'other');
  linkToRoot = path.join(base, 'link-to-root');
  mkdirSync(path.join(root, 'inner'), { recursive: true });
  mkdirSync(other);
  mkdirSync(path.join(base, 'outside'));
  writeFileSync(path.join(root, 'file.txt'), 'x');
  symlinkSync(root, linkToRoot);
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

function configurationErrorOf(run: () => unknown): ToolConfigurationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ToolConfigurationError) {
      return error;
    }
    throw error;
  }
  throw new Error('Expected a ToolConfigurationError');
}

describe(Workspace.name, () => {
  describe('.create', () => {
    it('realpaths each root and defaults the mode to read_write', () => {
      expect(Workspace.create([{ path: linkToRoot }, { path: other, mode: 'read_only' }]).roots).toStrictEqual([
        { path: root, mode: 'read_write' },
        { path: other, mode: 'read_only' },
      ]);
    });

    it('de-duplicates roots with the same realpath, keeping the first position and read_only if any copy says so', () => {
      const workspace = Workspace.create([
        { path: root },
        { path: other },
        { path: `${linkToRoot}/inner/..`, mode: 'read_only' },
      ]);
      expect(workspace.roots).toStrictEqual([
        { path: root, mode: 'read_only' },
        { path: other, mode: 'read_write' },
      ]);
    });

    it('accepts the configured spelling of a root in inputs and returns the canonical path', async () => {
      const workspace = Workspace.create([{ path: linkToRoot }]);
      expect(await workspace.resolve(path.join(linkToRoot, 'file.txt'))).toStrictEqual({
        path: path.join(root, 'file.txt'),
        root: { path: root, mode: 'read_write' },
        exists: true,
      });
    });

    it('still refuses ".." out of the configured spelling of a root', async () => {
      const workspace = Workspace.create([{ path: linkToRoot }]);
      const input = `${linkToRoot}/../outside`;
      expect(await getRefusal(workspace.resolve(input))).toStrictEqual({
        code: 'permission_denied',
        details: { path: input, reason: 'outside_roots', roots: [root] },
      });
    });

    it('throws a ToolConfigurationError naming a root that does not exist', () => {
      const missing = path.join(base, 'missing');
      const error = configurationErrorOf(() => Workspace.create([{ path: root }, { path: missing }]));
      expect(error.message).toContain(JSON.stringify(missing));
      expect(error.message).toContain('does not exist');
    });

    it('throws a ToolConfigurationError for a root that is a file', () => {
      const file = path.join(root, 'file.txt');
      expect(configurationErrorOf(() => Workspace.create([{ path: file }])).message).toContain('not a directory');
    });

    it('throws a ToolConfigurationError for a relative root', () => {
      expect(configurationErrorOf(() => Workspace.create([{ path: 'src' }])).message).toContain('is relative');
    });

    it('throws a ToolConfigurationError for an empty path, a NUL byte or an unknown mode', () => {
      expect(configurationErrorOf(() => Workspace.create([{ path: '' }])).message).toContain('not a usable path');
      expect(configurationErrorOf(() => Workspace.create([{ path: `${root}\0` }])).message).toContain(
        'not a usable path',
      );
      const badMode = { path: root, mode: 'write_only' } as unknown as { path: string };
      expect(configurationErrorOf(() => Workspace.create([badMode])).message).toContain('"write_only"');
    });

    it('throws a ToolConfigurationError for a root entry that is not an object', () => {
      const notAnObject = null as unknown as { path: string };
      expect(configurationErrorOf(() => Workspace.create([notAnObject])).message).toContain('not a root configuration');
    });
  });

  describe('.empty', () => {
    it('has no roots and contains nothing', () => {
      const workspace = Workspace.empty();
      expect(workspace.roots).toStrictEqual([]);
      expect(workspace.rootOf('/')).toBeUndefined();
    });
  });

  describe('.rootOf', () => {
    it('returns the root for the root itself and paths below it', () => {
      const workspace = Workspace.create([{ path: root }]);
      const expected = { path: root, mode: 'read_write' };
      expect(workspace.rootOf(root)).toStrictEqual(expected);
      expect(workspace.rootOf(path.join(root, 'a/b'))).toStrictEqual(expected);
    });

    it('compares on separator boundaries: the /root_evil prefix sibling and the parent are outside', () => {
      const workspace = Workspace.create([{ path: root }]);
      expect(workspace.rootOf(`${root}_evil`)).toBeUndefined();
      expect(workspace.rootOf(`${root}_evil/x`)).toBeUndefined();
      expect(workspace.rootOf(`${root}x`)).toBeUndefined();
      expect(workspace.rootOf(base)).toBeUndefined();
    });

    it('prefers the most specific root when roots are nested', () => {
      const inner = path.join(root, 'inner');
      const workspace = Workspace.create([{ path: root }, { path: inner, mode: 'read_only' }]);
      expect(workspace.rootOf(path.join(inner, 'x'))).toStrictEqual({ path: inner, mode: 'read_only' });
      expect(workspace.rootOf(path.join(root, 'innerx'))).toStrictEqual({ path: root, mode: 'read_write' });
    });

    it('handles the file system root as a root', () => {
      const workspace = Workspace.create([{ path: '/' }]);
      expect(workspace.rootOf('/etc/passwd')).toStrictEqual({ path: '/', mode: 'read_write' });
      expect(workspace.rootOf('/')).toStrictEqual({ path: '/', mode: 'read_write' });
    });
  });

  describe('.isInsideRoots', () => {
    it('is true inside a root and false elsewhere', () => {
      const workspace = Workspace.create([{ path: root }, { path: other }]);
      expect(workspace.isInsideRoots(path.join(other, 'x'))).toBe(true);
      expect(workspace.isInsideRoots(path.join(base, 'outside'))).toBe(false);
      expect(workspace.isInsideRoots(`${other}_evil`)).toBe(false);
    });
  });
});
