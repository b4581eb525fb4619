import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DeleteTool } from '../../src/fs/tools/DeleteTool.js';
import { PermissionDecision, type ApprovalRequest } from '../../src/index.js';
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

describe(DeleteTool.name, () => {
  describe('files, links and directories', () => {
    it('deletes a file after one fs.delete request naming its canonical path, without recursive', async () => {
      expect(structured(await h.call('fs_delete', { path: 'file.txt' }))).toStrictEqual({
        path: h.p('file.txt'),
        deleted: true,
        kind: 'file',
      });
      expect(existsSync(h.p('file.txt'))).toBe(false);
      expect(h.checker.records.map((record) => record.request)).toStrictEqual([
        {
          kind: 'fs.delete',
          summary: `delete file ${h.p('file.txt')}`,
          target: h.p('file.txt'),
          metadata: { paths: [h.p('file.txt')], entryKind: 'file', bytes: 4 },
        },
      ]);
    });

    it('deletes an empty directory, and refuses a non-empty one without recursive', async () => {
      await h.expectRefused('fs_delete', { path: 'dir' }, 'invalid_input', 'directory_not_empty');
      expect(structured(await h.call('fs_delete', { path: 'empty' }))).toStrictEqual({
        path: h.p('empty'),
        deleted: true,
        kind: 'directory',
      });
    });

    it('deletes a link to the root as a link, however it is spelled', async () => {
      expect(structured(await h.call('fs_delete', { path: 'link-root/.', recursive: true }))).toStrictEqual({
        path: h.p('link-root'),
        deleted: true,
        kind: 'symlink',
      });
      expect(readFileSync(h.p('file.txt'), 'utf8')).toBe('file');
    });

    it('deletes a symlink itself, never its target: to a file outside, to a directory outside, to the root', async () => {
      for (const link of ['link-out', 'link-out-dir', 'link-root']) {
        expect(structured(await h.call('fs_delete', { path: link }))).toStrictEqual({
          path: h.p(link),
          deleted: true,
          kind: 'symlink',
        });
      }
      expect(readFileSync(path.join(h.outside, 'keep.txt'), 'utf8')).toBe('keep');
      expect(existsSync(h.p('file.txt'))).toBe(true);
    });

    it('reports a missing path in the body, or succeeds with missingOk, checked only as tool.invoke', async () => {
      failure(await h.call('fs_delete', { path: 'missing' }), 'execution_failed', 'not_found', true);
      h.checker.clear();
      expect(structured(await h.call('fs_delete', { path: 'missing', missingOk: true }))).toStrictEqual({
        path: h.p('missing'),
        deleted: false,
      });
      // Nothing to delete, so no fs request: every call is still checked (architecture point 14).
      expect(h.checker.kinds()).toStrictEqual(['tool.invoke']);
    });
  });

  describe('recursive', () => {
    it('is its own request detail (metadata.recursive) with the entry count', async () => {
      expect(structured(await h.call('fs_delete', { path: 'dir', recursive: true }))).toStrictEqual({
        path: h.p('dir'),
        deleted: true,
        kind: 'directory',
        entries: 3,
      });
      expect(h.checker.records.at(-1)?.request).toStrictEqual({
        kind: 'fs.delete',
        summary: `delete directory ${h.p('dir')} with 3 entries recursively`,
        target: h.p('dir'),
        metadata: { paths: [h.p('dir')], recursive: true, entryKind: 'directory', entries: 3 },
      });
      expect(existsSync(h.p('dir'))).toBe(false);
    });

    it('lets a policy ask for recursive deletes only, and nothing is deleted while it waits', async () => {
      const asking = await createMutationHarness({
        evaluate: (request) =>
          request.metadata?.['recursive'] === true
            ? PermissionDecision.requireApproval('recursive delete')
            : PermissionDecision.allow(),
      });
      const before = snapshotTree(asking.base);
      const outcome = await asking.call('fs_delete', { path: 'dir', recursive: true });
      expect(outcome).toMatchObject({ status: 'interrupted', interruption: { type: 'approval_required' } });
      expect(snapshotTree(asking.base)).toStrictEqual(before);
      structured(await asking.call('fs_delete', { path: 'file.txt', recursive: true }));
      asking.cleanup();
    });

    it('removes links inside the tree without following them', async () => {
      symlinkSync(h.outside, h.p('dir/sub/out'));
      symlinkSync(path.join(h.outside, 'keep.txt'), h.p('dir/keep-link'));
      expect(structured(await h.call('fs_delete', { path: 'dir', recursive: true }))['entries']).toBe(5);
      expect(readFileSync(path.join(h.outside, 'keep.txt'), 'utf8')).toBe('keep');
      expect(existsSync(h.p('dir'))).toBe(false);
    });

    it('marks a tree holding protected files as protected', async () => {
      structured(await h.call('fs_delete', { path: '.vscode', recursive: true }));
      expect(h.checker.records.at(-1)?.request.metadata).toMatchObject({ protected: true, recursive: true });
    });
  });

  describe('never a root', () => {
    it.each<[string, () => string]>([
      ['the root as "."', () => '.'],
      ['the root by its absolute path', () => h.root],
      ['the root spelled with ..', () => 'dir/..'],
      ['a nested root', () => path.join(h.base, 'root/box/nested-root')],
      ['a nested root spelled relatively', () => 'box/nested-root'],
      ['a directory containing a root', () => 'box'],
    ])('refuses %s, changing nothing', async (_name, spell) => {
      await h.expectRefused('fs_delete', { path: spell(), recursive: true }, 'permission_denied', 'root');
    });
  });

  describe('containment', () => {
    it.each<[string, () => string, string]>([
      ['an absolute path outside', () => path.join(h.outside, 'keep.txt'), 'outside_roots'],
      ['a path through a link leading out', () => 'link-out-dir/keep.txt', 'symlink_escape'],
      ['ghost/../..', () => 'ghost/../../outside/keep.txt', 'outside_roots'],
      ['a file in a read-only root', () => path.join(h.base, 'ro', 'frozen.txt'), 'read_only_root'],
    ])('refuses %s, changing nothing', async (_name, spell, reason) => {
      await h.expectRefused('fs_delete', { path: spell(), recursive: true }, 'permission_denied', reason);
    });
  });

  describe('changes after the preflight', () => {
    it('refuses an approved delete whose file was replaced by a different one while the approval waited', async () => {
      const asking = await createMutationHarness({ evaluate: () => PermissionDecision.requireApproval('ask') });
      const request = asking.request('fs_delete', { path: 'file.txt' });
      const outcome = await asking.executor.execute(request);
      if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required')
        throw new Error('expected an approval');
      const approval: ApprovalRequest = outcome.interruption.approval;
      writeFileSync(asking.p('file.txt'), 'a much longer content than before');
      failure(await asking.executor.executeApproved(request, approval), 'permission_denied', 'binding_mismatch', false);
      expect(readFileSync(asking.p('file.txt'), 'utf8')).toBe('a much longer content than before');
      asking.cleanup();
    });
  });
});
