import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileSystemTools } from '../../src/fs/index.js';
import { PermissionDecision } from '../../src/index.js';
import { createFsHarness, type FsHarness } from './fixtures/createFsHarness.js';
import { failure, structured } from './fixtures/outcomes.js';

/**
 * Changes made between the preflight and the body (the checker runs in between, so it plays
 * the attacker here): a component swapped for a link leading out, a file replaced or created.
 * The body acts on the entry the preflight described, or refuses; nothing ever lands outside.
 */
let h: FsHarness;
let swap: (() => void) | undefined;

async function harness(): Promise<FsHarness> {
  h = await createFsHarness({
    checker: {
      evaluate: () => {
        swap?.();
        swap = undefined;
        return PermissionDecision.allow();
      },
    },
  });
  mkdirSync(path.join(h.root, 'dir'));
  writeFileSync(path.join(h.root, 'dir', 'file.txt'), 'inside\n');
  writeFileSync(path.join(h.outside, 'file.txt'), 'outside\n');
  return h;
}

/** Replaces `root/dir` by a link to the outside directory (which holds its own `file.txt`). */
function swapDirForLinkOut(): void {
  renameSync(path.join(h.root, 'dir'), path.join(h.root, 'dir-moved'));
  symlinkSync(h.outside, path.join(h.root, 'dir'));
}

afterEach(() => {
  swap = undefined;
  h.cleanup();
});

const outsideIsUntouched = (): void => {
  expect(readdirSync(h.outside)).toStrictEqual(['file.txt']);
  expect(readFileSync(path.join(h.outside, 'file.txt'), 'utf8')).toBe('outside\n');
};

describe(fileSystemTools.name, () => {
  describe('changes between preflight and body', () => {
    it('write: a parent swapped for a link leading out', async () => {
      await harness();
      swap = swapDirForLinkOut;
      failure(
        await h.call('fs_write_file', { path: 'dir/new.txt', content: 'x' }),
        'execution_failed',
        'changed_since_preflight',
        true,
      );
      outsideIsUntouched();
    });

    it('write with createParents: a link leading out created where a directory was to be made', async () => {
      await harness();
      swap = () => {
        symlinkSync(h.outside, path.join(h.root, 'a'));
      };
      failure(
        await h.call('fs_write_file', { path: 'a/b/new.txt', content: 'x', createParents: true }),
        'execution_failed',
        'changed_since_preflight',
        true,
      );
      outsideIsUntouched();
    });

    it('write: a file created at the target meanwhile is never overwritten', async () => {
      await harness();
      swap = () => {
        writeFileSync(path.join(h.root, 'dir', 'new.txt'), 'theirs');
      };
      failure(
        await h.call('fs_write_file', { path: 'dir/new.txt', content: 'mine' }),
        'execution_failed',
        'changed_since_preflight',
        true,
      );
      expect(readFileSync(path.join(h.root, 'dir', 'new.txt'), 'utf8')).toBe('theirs');
    });

    it('overwrite: the file swapped for a link leading out', async () => {
      await harness();
      await h.call('fs_read_file', { path: 'dir/file.txt' });
      swap = () => {
        renameSync(path.join(h.root, 'dir', 'file.txt'), path.join(h.root, 'moved.txt'));
        symlinkSync(path.join(h.outside, 'file.txt'), path.join(h.root, 'dir', 'file.txt'));
      };
      failure(
        await h.call('fs_write_file', { path: 'dir/file.txt', content: 'pwned', overwrite: true }),
        'permission_denied',
        'final_symlink',
        true,
      );
      outsideIsUntouched();
    });

    it('edit: the parent swapped for a link leading out to a file of the same name', async () => {
      await harness();
      await h.call('fs_read_file', { path: 'dir/file.txt' });
      swap = swapDirForLinkOut;
      failure(
        await h.call('fs_edit_file', { path: 'dir/file.txt', oldString: 'side', newString: 'PWNED' }),
        'permission_denied',
        'changed_during_open',
        true,
      );
      outsideIsUntouched();
    });

    it('delete: the parent swapped for a link leading out', async () => {
      await harness();
      swap = swapDirForLinkOut;
      failure(await h.call('fs_delete', { path: 'dir/file.txt' }), 'execution_failed', 'changed_since_preflight', true);
      outsideIsUntouched();
    });

    it('recursive delete: a subdirectory swapped for a link leading out is removed as a link', async () => {
      await harness();
      mkdirSync(path.join(h.root, 'tree', 'sub'), { recursive: true });
      writeFileSync(path.join(h.root, 'tree', 'sub', 'x.txt'), 'x');
      swap = () => {
        renameSync(path.join(h.root, 'tree', 'sub'), path.join(h.root, 'sub-moved'));
        symlinkSync(h.outside, path.join(h.root, 'tree', 'sub'));
      };
      expect(structured(await h.call('fs_delete', { path: 'tree', recursive: true }))).toMatchObject({ deleted: true });
      outsideIsUntouched();
    });

    it('move: the destination directory swapped for a link leading out', async () => {
      await harness();
      mkdirSync(path.join(h.root, 'to'));
      swap = () => {
        renameSync(path.join(h.root, 'to'), path.join(h.root, 'to-moved'));
        symlinkSync(h.outside, path.join(h.root, 'to'));
      };
      failure(
        await h.call('fs_move', { from: 'dir/file.txt', to: 'to/new.txt' }),
        'execution_failed',
        'changed_since_preflight',
        true,
      );
      outsideIsUntouched();
      expect(readFileSync(path.join(h.root, 'dir', 'file.txt'), 'utf8')).toBe('inside\n');
    });

    it('mkdir: a parent swapped for a link leading out', async () => {
      await harness();
      swap = swapDirForLinkOut;
      failure(
        await h.call('fs_create_directory', { path: 'dir/a/b' }),
        'execution_failed',
        'changed_since_preflight',
        true,
      );
      outsideIsUntouched();
    });

    it('read: the file swapped for a link leading out is not read', async () => {
      await harness();
      swap = swapDirForLinkOut;
      failure(await h.call('fs_read_file', { path: 'dir/file.txt' }), 'permission_denied', 'changed_during_open', true);
    });

    it('list: a directory swapped for a link leading out is not walked', async () => {
      await harness();
      swap = swapDirForLinkOut;
      failure(await h.call('fs_list_directory', { path: 'dir' }), 'permission_denied', 'final_symlink', true);
    });

    it('grep: a directory swapped for a link leading out is not searched', async () => {
      await harness();
      swap = swapDirForLinkOut;
      failure(await h.call('fs_grep', { pattern: 'outside', path: 'dir' }), 'permission_denied', 'final_symlink', true);
    });
  });
});
