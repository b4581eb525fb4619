import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MoveTool } from '../../src/fs/tools/MoveTool.js';
import { PolicyPermissionChecker, type JsonValue } from '../../src/index.js';
import { createMutationHarness, type MutationHarness } from './fixtures/createMutationHarness.js';
import { failure, structured } from './fixtures/outcomes.js';
import { snapshotTree } from './fixtures/snapshotTree.js';

let h: MutationHarness;

beforeEach(async () => {
  h = await createMutationHarness();
});

afterEach(() => {
  h.cleanup();
});

describe(MoveTool.name, () => {
  describe('moves', () => {
    it('moves a file, naming both canonical ends in one fs.move request', async () => {
      expect(structured(await h.call('fs_move', { from: 'file.txt', to: 'dir/moved.txt' }))).toStrictEqual({
        from: h.p('file.txt'),
        to: h.p('dir/moved.txt'),
        overwritten: false,
      });
      expect(readFileSync(h.p('dir/moved.txt'), 'utf8')).toBe('file');
      expect(existsSync(h.p('file.txt'))).toBe(false);
      expect(h.checker.records.map((record) => record.request)).toStrictEqual([
        {
          kind: 'fs.move',
          summary: `move ${h.p('file.txt')} to ${h.p('dir/moved.txt')}`,
          target: h.p('file.txt'),
          metadata: {
            paths: [h.p('file.txt'), h.p('dir/moved.txt')],
            from: h.p('file.txt'),
            to: h.p('dir/moved.txt'),
            entryKind: 'file',
            overwrite: false,
          },
        },
      ]);
    });

    it('moves a symlink itself (to outside, to the root) and a whole directory', async () => {
      structured(await h.call('fs_move', { from: 'link-out', to: 'renamed-link' }));
      structured(await h.call('fs_move', { from: 'link-root', to: 'dir/root-link' }));
      expect(lstatSync(h.p('renamed-link')).isSymbolicLink()).toBe(true);
      expect(lstatSync(h.p('dir/root-link')).isSymbolicLink()).toBe(true);
      structured(await h.call('fs_move', { from: 'dir', to: 'dir2' }));
      expect(readFileSync(h.p('dir2/sub/b.txt'), 'utf8')).toBe('b');
      expect(h.checker.records.at(-1)?.request.metadata).toMatchObject({ entryKind: 'directory', entries: 4 });
    });

    it('never replaces without overwrite, and replaces a file this session read with it', async () => {
      await h.expectRefused('fs_move', { from: 'file.txt', to: 'dir/a.txt' }, 'invalid_input', 'exists');
      await h.expectRefused(
        'fs_move',
        { from: 'file.txt', to: 'dir/a.txt', overwrite: true },
        'invalid_input',
        'not_read',
      );
      await h.call('fs_read_file', { path: 'dir/a.txt' });
      expect(structured(await h.call('fs_move', { from: 'file.txt', to: 'dir/a.txt', overwrite: true }))).toStrictEqual(
        {
          from: h.p('file.txt'),
          to: h.p('dir/a.txt'),
          overwritten: true,
        },
      );
      expect(readFileSync(h.p('dir/a.txt'), 'utf8')).toBe('file');
    });

    it('never replaces a directory, nor a file by a directory', async () => {
      await h.expectRefused(
        'fs_move',
        { from: 'file.txt', to: 'empty', overwrite: true },
        'invalid_input',
        'is_a_directory',
      );
      await h.expectRefused(
        'fs_move',
        { from: 'empty', to: 'file.txt', overwrite: true },
        'invalid_input',
        'is_a_directory',
      );
    });

    it('reports a missing source in the body', async () => {
      failure(await h.call('fs_move', { from: 'missing.txt', to: 'x.txt' }), 'execution_failed', 'not_found', true);
      expect(existsSync(h.p('x.txt'))).toBe(false);
    });
  });

  describe('both ends are checked', () => {
    it.each<[string, () => Record<string, JsonValue>, string]>([
      ['a destination outside', () => ({ from: 'file.txt', to: path.join(h.outside, 'x.txt') }), 'outside_roots'],
      ['a source outside', () => ({ from: path.join(h.outside, 'keep.txt'), to: 'stolen.txt' }), 'outside_roots'],
      [
        'a destination through a link leading out',
        () => ({ from: 'file.txt', to: 'link-out-dir/x.txt' }),
        'symlink_escape',
      ],
      [
        'a source through a link leading out',
        () => ({ from: 'link-out-dir/keep.txt', to: 'stolen.txt' }),
        'symlink_escape',
      ],
      ['a destination in the prefix sibling', () => ({ from: 'file.txt', to: '../root_evil/x.txt' }), 'outside_roots'],
      [
        'a destination past ghost/../..',
        () => ({ from: 'file.txt', to: 'ghost/../../outside/x.txt' }),
        'outside_roots',
      ],
      [
        'a destination in a read-only root',
        () => ({ from: 'file.txt', to: path.join(h.base, 'ro', 'x.txt') }),
        'read_only_root',
      ],
      [
        'a source in a read-only root',
        () => ({ from: path.join(h.base, 'ro', 'frozen.txt'), to: 'thawed.txt' }),
        'read_only_root',
      ],
    ])('refuses %s, changing nothing', async (_name, input, reason) => {
      await h.expectRefused('fs_move', input(), 'permission_denied', reason);
    });

    it('lets a deny rule on either end refuse the move', async () => {
      const policy = new PolicyPermissionChecker({
        rules: [
          { effect: 'allow', kind: 'fs.*' },
          { effect: 'deny', kind: 'fs.move', pattern: '**/archive/**' },
        ],
        fallback: 'deny',
      });
      const denied = await createMutationHarness(policy);
      structured(await denied.call('fs_create_directory', { path: 'archive' }));
      const before = snapshotTree(denied.base);
      failure(
        await denied.call('fs_move', { from: 'file.txt', to: 'archive/file.txt' }),
        'permission_denied',
        undefined,
        false,
      );
      expect(snapshotTree(denied.base)).toStrictEqual(before);
      denied.cleanup();
    });

    it('marks moves into or out of protected places as protected', async () => {
      structured(await h.call('fs_move', { from: 'file.txt', to: '.env' }));
      expect(h.checker.records.at(-1)?.request.metadata).toMatchObject({ protected: true });
      structured(await h.call('fs_move', { from: '.vscode', to: 'vscode-backup' }));
      expect(h.checker.records.at(-1)?.request.metadata).toMatchObject({ protected: true });
      structured(await h.call('fs_move', { from: 'dir', to: '.github' }));
      expect(h.checker.records.at(-1)?.request.metadata).not.toHaveProperty('protected');
      structured(await h.call('fs_move', { from: '.github', to: 'github' }));
      structured(await h.call('fs_create_directory', { path: '.github' }));
      structured(await h.call('fs_move', { from: 'github', to: '.github/workflows' }));
      expect(h.checker.records.at(-1)?.request.metadata).toMatchObject({ protected: true, entries: 3 });
    });
  });

  describe('roots', () => {
    it.each<[string, () => Record<string, JsonValue>]>([
      ['the root as the source', () => ({ from: '.', to: 'x' })],
      ['the root as the destination', () => ({ from: 'file.txt', to: '.' })],
      ['a nested root as the source', () => ({ from: 'box/nested-root', to: 'x' })],
      ['a directory containing a root', () => ({ from: 'box', to: 'x' })],
    ])('refuses %s, changing nothing', async (_name, input) => {
      await h.expectRefused('fs_move', input(), 'permission_denied', 'root');
    });

    it('refuses moving a directory into itself, onto itself, or to a missing directory', async () => {
      await h.expectRefused('fs_move', { from: 'dir', to: 'dir/sub/dir' }, 'invalid_input', 'into_itself');
      await h.expectRefused('fs_move', { from: 'dir', to: 'link-root/dir/sub/x' }, 'invalid_input', 'into_itself');
      await h.expectRefused('fs_move', { from: 'dir', to: './dir' }, 'invalid_input', 'same_path');
      await h.expectRefused('fs_move', { from: 'file.txt', to: 'nowhere/x.txt' }, 'invalid_input', 'parent_missing');
    });
  });
});
