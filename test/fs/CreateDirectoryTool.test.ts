import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { existsSync, lstatSync } from 'node:fs';
import path from 'node:path';
import { CreateDirectoryTool } from '../../src/fs/tools/CreateDirectoryTool.js';
import { PermissionDecision } from '../../src/index.js';
import { createMutationHarness, type MutationHarness } from './fixtures/createMutationHarness.js';
import { structured } from './fixtures/outcomes.js';
import { snapshotTree } from './fixtures/snapshotTree.js';

let h: MutationHarness;

beforeEach(async () => {
  h = await createMutationHarness();
});

afterEach(() => {
  h.cleanup();
});

describe(CreateDirectoryTool.name, () => {
  it('creates the missing components one at a time, naming each in one fs.mkdir request', async () => {
    expect(structured(await h.call('fs_create_directory', { path: 'dir/x/y/z' }))).toStrictEqual({
      path: h.p('dir/x/y/z'),
      created: [h.p('dir/x'), h.p('dir/x/y'), h.p('dir/x/y/z')],
    });
    expect(h.checker.records.map((record) => record.request)).toStrictEqual([
      {
        kind: 'fs.mkdir',
        summary: `create directory ${h.p('dir/x/y/z')}`,
        target: h.p('dir/x/y/z'),
        metadata: { paths: [h.p('dir/x'), h.p('dir/x/y'), h.p('dir/x/y/z')] },
      },
    ]);
    expect(lstatSync(h.p('dir/x/y/z')).isDirectory()).toBe(true);
  });

  it('does nothing for an existing directory (also through a link inside the root), checked only as tool.invoke', async () => {
    expect(structured(await h.call('fs_create_directory', { path: 'dir' }))).toStrictEqual({
      path: h.p('dir'),
      created: [],
    });
    expect(structured(await h.call('fs_create_directory', { path: 'link-root/dir' }))).toStrictEqual({
      path: h.p('dir'),
      created: [],
    });
    // Nothing to create, so no fs request: every call is still checked (architecture point 14).
    expect(h.checker.kinds()).toStrictEqual(['tool.invoke', 'tool.invoke']);
  });

  it('creates under the canonical path when a parent is a link inside the root', async () => {
    expect(structured(await h.call('fs_create_directory', { path: 'link-root/dir/new' }))).toStrictEqual({
      path: h.p('dir/new'),
      created: [h.p('dir/new')],
    });
  });

  it('marks a protected directory as protected', async () => {
    structured(await h.call('fs_create_directory', { path: '.git/hooks' }));
    expect(h.checker.records.at(-1)?.request.metadata).toStrictEqual({
      paths: [h.p('.git'), h.p('.git/hooks')],
      protected: true,
    });
  });

  it('creates nothing while an approval waits', async () => {
    const asking = await createMutationHarness({ evaluate: () => PermissionDecision.requireApproval('ask') });
    const before = snapshotTree(asking.base);
    expect(await asking.call('fs_create_directory', { path: 'a/b' })).toMatchObject({ status: 'interrupted' });
    expect(snapshotTree(asking.base)).toStrictEqual(before);
    asking.cleanup();
  });

  it.each<[string, () => string, string, string]>([
    ['a file in the way', () => 'file.txt', 'invalid_input', 'exists'],
    ['a file as a parent', () => 'file.txt/sub', 'invalid_input', 'not_a_directory'],
    ['a parent through a link leading out', () => 'link-out-dir/new', 'permission_denied', 'symlink_escape'],
    ['ghost/../..', () => 'ghost/../../outside/new', 'permission_denied', 'outside_roots'],
    ['the prefix sibling', () => '../root_evil/new', 'permission_denied', 'outside_roots'],
    ['an absolute path outside', () => path.join(h.outside, 'new'), 'permission_denied', 'outside_roots'],
    ['a read-only root', () => path.join(h.base, 'ro', 'new'), 'permission_denied', 'read_only_root'],
  ])('refuses %s, creating nothing', async (_name, spell, code, reason) => {
    await h.expectRefused('fs_create_directory', { path: spell() }, code, reason);
    expect(existsSync(path.join(h.outside, 'new'))).toBe(false);
  });
});
