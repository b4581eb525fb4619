import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FS_ENVIRONMENT } from '../../src/fs/tokens.js';
import { createFsHarness, type FsHarness } from './fixtures/createFsHarness.js';
import { completed, failure, text } from './fixtures/outcomes.js';

/** Lines `line 01` .. `line <n>` (each 8 characters with its break, so a rewrite can keep the size). */
function lines(count: number, prefix = 'line'): string {
  return Array.from({ length: count }, (_, index) => `${prefix} ${String(index + 1).padStart(2, '0')}\n`).join('');
}

let h: FsHarness;

beforeAll(async () => {
  h = await createFsHarness();
  writeFileSync(path.join(h.root, 'paged.txt'), lines(30));
  writeFileSync(path.join(h.root, 'whole.txt'), lines(30));
  writeFileSync(path.join(h.root, 'swapped.txt'), lines(30));
  writeFileSync(path.join(h.root, 'renamed.txt'), lines(30));
  writeFileSync(path.join(h.root, 'other.txt'), lines(30, 'LINE'));
  writeFileSync(path.join(h.outside, 'secret.txt'), lines(30, 'SECRET'));
  // Older than a second: files the cache may keep (as most files are).
  await new Promise((resolve) => setTimeout(resolve, 1100));
});

afterAll(() => {
  h.cleanup();
});

const read = (input: Record<string, unknown>) => h.call('fs_read_file', input as never);

describe('fs_read_file with its decoded-text cache', () => {
  it('pages through a file decoded once, with the same pages and metadata as a fresh read', async () => {
    const pages: string[] = [];
    for (let offset: number | undefined = 1; offset !== undefined;) {
      const outcome = await read({ path: 'paged.txt', offset, limit: 7 });
      pages.push(text(outcome));
      offset = completed(outcome).metadata['nextOffset'] as number | undefined;
    }

    expect(pages).toHaveLength(5);
    expect(pages.join('')).toBe(lines(30));
    expect(h.container.get(FS_ENVIRONMENT).textCache.size).toBeGreaterThan(0);
    expect(completed(await read({ path: 'paged.txt', offset: 29, limit: 7 })).metadata).toMatchObject({
      totalLines: 30,
      offset: 29,
      truncated: false,
      lineEnding: 'lf',
      encoding: 'utf8',
    });
  });

  it('keeps only files that are paged: a file read whole in one page is not retained', async () => {
    const { textCache } = h.container.get(FS_ENVIRONMENT);
    const before = textCache.size;

    expect(completed(await read({ path: 'whole.txt' })).metadata).toMatchObject({ totalLines: 30, truncated: false });
    expect(textCache.size).toBe(before);

    expect(completed(await read({ path: 'whole.txt', limit: 29 })).metadata).toMatchObject({ nextOffset: 30 });
    expect(textCache.size).toBe(before + 1);
  });

  it('reads the new content of a file rewritten in place with the same size', async () => {
    expect(text(await read({ path: 'paged.txt', limit: 2 }))).toBe('line 01\nline 02\n');

    writeFileSync(path.join(h.root, 'paged.txt'), lines(30, 'LINE'));

    expect(text(await read({ path: 'paged.txt', limit: 2 }))).toBe('LINE 01\nLINE 02\n');
  });

  it('reads the file that is there now after another one was renamed over it', async () => {
    expect(text(await read({ path: 'renamed.txt', limit: 1 }))).toBe('line 01\n');

    renameSync(path.join(h.root, 'other.txt'), path.join(h.root, 'renamed.txt'));

    expect(text(await read({ path: 'renamed.txt', limit: 1 }))).toBe('LINE 01\n');
  });

  it('never lets a cached text bypass containment: a file swapped for a link leading out is refused', async () => {
    expect(text(await read({ path: 'swapped.txt', limit: 1 }))).toBe('line 01\n');

    rmSync(path.join(h.root, 'swapped.txt'));
    symlinkSync(path.join(h.outside, 'secret.txt'), path.join(h.root, 'swapped.txt'));

    failure(await read({ path: 'swapped.txt', limit: 1 }), 'permission_denied', 'symlink_escape', false);
  });
});
