import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CreateDirectoryTool, DeleteTool, MoveTool } from '../../src/fs/index.js';
import { RecordingPermissionChecker } from '../../src/testing/index.js';
import { createFsHarness, type FsHarness } from './fixtures/createFsHarness.js';
import { failure, structured } from './fixtures/outcomes.js';

let h: FsHarness;
let checker: RecordingPermissionChecker;
const p = (...parts: string[]): string => path.join(h.root, ...parts);

beforeEach(async () => {
  checker = new RecordingPermissionChecker();
  h = await createFsHarness({ checker, extraRoots: [{ name: 'root/nested-root' }] });
  mkdirSync(p('dir/sub'), { recursive: true });
  writeFileSync(p('dir/a.txt'), 'a');
  writeFileSync(p('dir/sub/b.txt'), 'b');
  writeFileSync(p('file.txt'), 'file');
  writeFileSync(path.join(h.outside, 'keep.txt'), 'keep');
  symlinkSync(path.join(h.outside, 'keep.txt'), p('link-out'));
  symlinkSync(h.outside, p('link-out-dir'));
  mkdirSync(p('empty'));
  mkdirSync(p('.vscode'));
  writeFileSync(p('.vscode/settings.json'), '{}');
});

afterEach(() => h.cleanup());

describe(DeleteTool.name, () => {
  it('deletes a file after one fs.delete request naming its canonical path', async () => {
    expect(structured(await h.call('fs_delete', { path: 'file.txt' }))).toStrictEqual({ path: p('file.txt'), deleted: true, kind: 'file' });
    expect(existsSync(p('file.txt'))).toBe(false);
    expect(checker.records.map((record) => record.request)).toStrictEqual([
      { kind: 'fs.delete', summary: `delete file ${p('file.txt')}`, target: p('file.txt'), metadata: { paths: [p('file.txt')], entryKind: 'file' } },
    ]);
  });

  it('marks a recursive delete as recursive, with its entry count, and refuses a non-empty directory without it', async () => {
    failure(await h.call('fs_delete', { path: 'dir' }), 'invalid_input', 'directory_not_empty', false);
    structured(await h.call('fs_delete', { path: 'dir', recursive: true }));
    expect(checker.records.at(-1)?.request.metadata).toStrictEqual({ paths: [p('dir')], recursive: true, entryKind: 'directory', entries: 3 });
    expect(existsSync(p('dir'))).toBe(false);
    structured(await h.call('fs_delete', { path: 'empty' }));
  });

  it('deletes a symlink itself, never its target outside', async () => {
    structured(await h.call('fs_delete', { path: 'link-out' }));
    structured(await h.call('fs_delete', { path: 'link-out-dir' }));
    expect(existsSync(p('link-out'))).toBe(false);
    expect(readFileSync(path.join(h.outside, 'keep.txt'), 'utf8')).toBe('keep');
  });

  it.each([
    ['the root as "."', '.'],
    ['the root by its absolute path', () => h.root],
    ['the root spelled with ..', 'dir/..'],
    ['a directory containing a nested root', () => path.dirname(path.join(h.base, 'root/nested-root'))],
    ['a nested root', () => path.join(h.base, 'root/nested-root')],
  ])('never deletes %s', async (_name, spell) => {
    const input = typeof spell === 'function' ? spell() : spell;
    failure(await h.call('fs_delete', { path: input, recursive: true }), 'permission_denied', 'root', false);
    expect(existsSync(h.root)).toBe(true);
  });

  it('refuses paths outside and through links leading out', async () => {
    failure(await h.call('fs_delete', { path: path.join(h.outside, 'keep.txt') }), 'permission_denied', 'outside_roots', false);
    failure(await h.call('fs_delete', { path: 'link-out-dir/keep.txt' }), 'permission_denied', 'symlink_escape', false);
    failure(await h.call('fs_delete', { path: 'ghost/../../outside/keep.txt' }), 'permission_denied', 'outside_roots', false);
    expect(existsSync(path.join(h.outside, 'keep.txt'))).toBe(true);
  });

  it('reports a missing path, or succeeds with missingOk and no request', async () => {
    failure(await h.call('fs_delete', { path: 'missing' }), 'execution_failed', 'not_found', true);
    checker.clear();
    expect(structured(await h.call('fs_delete', { path: 'missing', missingOk: true }))).toStrictEqual({ path: p('missing'), deleted: false });
    expect(checker.records).toStrictEqual([]);
  });

  it('marks a recursive delete of a tree holding protected files as protected', async () => {
    structured(await h.call('fs_delete', { path: '.vscode', recursive: true }));
    expect(checker.records.at(-1)?.request.metadata).toMatchObject({ protected: true, recursive: true });
  });
});

describe(MoveTool.name, () => {
  it('moves a file, naming both canonical ends in one request', async () => {
    expect(structured(await h.call('fs_move', { from: 'file.txt', to: 'dir/moved.txt' }))).toStrictEqual({ from: p('file.txt'), to: p('dir/moved.txt'), overwritten: false });
    expect(readFileSync(p('dir/moved.txt'), 'utf8')).toBe('file');
    expect(checker.records.at(-1)?.request).toMatchObject({ kind: 'fs.move', target: p('file.txt'), metadata: { paths: [p('file.txt'), p('dir/moved.txt')] } });
  });

  it('checks both ends: neither may leave the roots', async () => {
    failure(await h.call('fs_move', { from: 'file.txt', to: path.join(h.outside, 'x.txt') }), 'permission_denied', 'outside_roots', false);
    failure(await h.call('fs_move', { from: path.join(h.outside, 'keep.txt'), to: 'stolen.txt' }), 'permission_denied', 'outside_roots', false);
    failure(await h.call('fs_move', { from: 'file.txt', to: 'link-out-dir/x.txt' }), 'permission_denied', 'symlink_escape', false);
    failure(await h.call('fs_move', { from: 'file.txt', to: '../root_evil/x.txt' }), 'permission_denied', 'outside_roots', false);
    expect(existsSync(p('file.txt'))).toBe(true);
  });

  it('never replaces without overwrite, and replaces a read file with it', async () => {
    failure(await h.call('fs_move', { from: 'file.txt', to: 'dir/a.txt' }), 'invalid_input', 'exists', false);
    failure(await h.call('fs_move', { from: 'file.txt', to: 'dir/a.txt', overwrite: true }), 'invalid_input', 'not_read', false);
    await h.call('fs_read_file', { path: 'dir/a.txt' });
    expect(structured(await h.call('fs_move', { from: 'file.txt', to: 'dir/a.txt', overwrite: true }))['overwritten']).toBe(true);
    expect(readFileSync(p('dir/a.txt'), 'utf8')).toBe('file');
  });

  it('refuses moving a root, into itself, onto itself, or to a missing directory', async () => {
    failure(await h.call('fs_move', { from: '.', to: 'x' }), 'permission_denied', 'root', false);
    failure(await h.call('fs_move', { from: 'dir', to: 'dir/sub/dir' }), 'invalid_input', 'into_itself', false);
    failure(await h.call('fs_move', { from: 'dir', to: './dir' }), 'invalid_input', 'same_path', false);
    failure(await h.call('fs_move', { from: 'file.txt', to: 'nowhere/x.txt' }), 'invalid_input', 'parent_missing', false);
  });

  it('moves a symlink itself and a whole directory', async () => {
    structured(await h.call('fs_move', { from: 'link-out', to: 'renamed-link' }));
    expect(lstatSync(p('renamed-link')).isSymbolicLink()).toBe(true);
    structured(await h.call('fs_move', { from: 'dir', to: 'dir2' }));
    expect(readFileSync(p('dir2/sub/b.txt'), 'utf8')).toBe('b');
  });

  it('marks moves into or out of protected places as protected', async () => {
    structured(await h.call('fs_move', { from: 'file.txt', to: '.env' }));
    expect(checker.records.at(-1)?.request.metadata).toMatchObject({ protected: true });
    structured(await h.call('fs_move', { from: '.vscode', to: 'vscode-backup' }));
    expect(checker.records.at(-1)?.request.metadata).toMatchObject({ protected: true });
  });
});

describe(CreateDirectoryTool.name, () => {
  it('creates missing components one at a time, naming them all', async () => {
    expect(structured(await h.call('fs_create_directory', { path: 'x/y/z' }))).toStrictEqual({ path: p('x/y/z'), created: [p('x'), p('x/y'), p('x/y/z')] });
    expect(checker.records.at(-1)?.request).toMatchObject({ kind: 'fs.mkdir', target: p('x/y/z'), metadata: { paths: [p('x'), p('x/y'), p('x/y/z')] } });
  });

  it('does nothing, asking nothing, for an existing directory', async () => {
    checker.clear();
    expect(structured(await h.call('fs_create_directory', { path: 'dir' }))).toStrictEqual({ path: p('dir'), created: [] });
    expect(checker.records).toStrictEqual([]);
  });

  it('refuses a file in the way and escapes through links', async () => {
    failure(await h.call('fs_create_directory', { path: 'file.txt' }), 'invalid_input', 'exists', false);
    failure(await h.call('fs_create_directory', { path: 'link-out-dir/new' }), 'permission_denied', 'symlink_escape', false);
    failure(await h.call('fs_create_directory', { path: 'ghost/../../outside/new' }), 'permission_denied', 'outside_roots', false);
    expect(existsSync(path.join(h.outside, 'new'))).toBe(false);
  });
});
