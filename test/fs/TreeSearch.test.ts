import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { linkSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ToolContext } from '../../src/index.js';
import { buildSearchPattern } from '../../src/fs/walk/buildSearchPattern.js';
import { IgnoreScope } from '../../src/fs/walk/IgnoreScope.js';
import { MatchCollector } from '../../src/fs/walk/MatchCollector.js';
import { SearchWorkerPool, type SearchWorkerListener } from '../../src/fs/walk/SearchWorkerPool.js';
import { TreeSearch } from '../../src/fs/walk/TreeSearch.js';
import { WalkProgress } from '../../src/fs/walk/WalkProgress.js';
import { walkTree } from '../../src/fs/walk/walkTree.js';

/** A pool that counts the batches its workers answered. */
class CountingPool extends SearchWorkerPool {
  public answered = 0;

  public override lease(count: number, listen: Parameters<SearchWorkerPool['lease']>[1]) {
    return super.lease(count, (worker): SearchWorkerListener => {
      const listener = listen(worker);
      return {
        message: (message) => {
          if (message.type === 'searched') this.answered++;
          listener.message(message);
        },
        exit: listener.exit,
      };
    });
  }
}

/**
 * Folders of files holding `needle` lines (some many, some none), mixed with subfolders between
 * the files (walk order is not folder order), ignored files and folders, hard links, binary,
 * empty, large and UTF-16 files: 1,000 files and more.
 */
function buildTree(root: string): void {
  for (let folder = 0; folder < 12; folder++) {
    const dir = path.join(root, `f${String(folder).padStart(2, '0')}`);
    mkdirSync(path.join(dir, 'm-sub', 'deeper'), { recursive: true });
    writeFileSync(path.join(dir, '.gitignore'), 'ignored-*\nskipped/\n');
    mkdirSync(path.join(dir, 'skipped'));
    writeFileSync(path.join(dir, 'skipped', 'needle.txt'), 'needle in an ignored folder\n');
    for (let file = 0; file < 80; file++) {
      const name = `${file % 2 === 0 ? 'a' : 'z'}${String(file).padStart(3, '0')}.txt`;
      const lines = Array.from({ length: file % 7 }, (_, line) => `needle ${folder}/${file}/${line}`);
      writeFileSync(path.join(dir, name), `head\n${lines.join('\nfiller\n')}\n`);
      if (file % 10 === 0) writeFileSync(path.join(dir, `ignored-${file}.txt`), 'needle ignored\n');
      if (file % 9 === 0) writeFileSync(path.join(dir, 'm-sub', `s${file}.txt`), `needle below ${file}\n`);
    }
    writeFileSync(path.join(dir, 'm-sub', 'deeper', 'd.txt'), 'needle deeper\r\nneedle again\r\n');
    writeFileSync(path.join(dir, 'binary.bin'), Buffer.from([0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0x00, 0x01]));
    writeFileSync(path.join(dir, 'empty.txt'), '');
    writeFileSync(path.join(dir, 'large.txt'), `${'x'.repeat(100_000)}\nneedle after 100 KB\n`);
    writeFileSync(
      path.join(dir, 'utf16.txt'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('needle in UTF-16\n', 'utf16le')]),
    );
    linkSync(path.join(dir, 'a000.txt'), path.join(dir, 'hard-link.txt'));
  }
}

interface Searched {
  readonly matches: unknown;
  readonly end: unknown;
  readonly progress: unknown[];
}

/** The walk `fs_grep` makes of the tree (`.gitignore` honoured), searched through `pool`. */
async function search(root: string, pool: SearchWorkerPool, limit: number, during?: (files: number) => void) {
  const pattern = buildSearchPattern('needle', false);
  const collector = new MatchCollector(pattern, limit, 40);
  const progress: unknown[] = [];
  const ctx = { progress: (event: unknown) => progress.push(event) } as unknown as ToolContext;
  const task = { pattern: 'needle', ignoreCase: false, limit, maxLineChars: 40, maxFileBytes: 1 << 20 };
  const tree = new TreeSearch(collector, new WalkProgress(ctx, 'searched'), { ...task, pattern }, task, pool);
  let files = 0;
  let walk;
  try {
    walk = await walkTree(root, {
      maxDepth: Number.POSITIVE_INFINITY,
      maxEntries: 100_000,
      ignore: { scope: IgnoreScope.EMPTY, mayRead: () => true },
      visit: (entry, access, place) => {
        if (entry.kind !== 'file') return tree.pass();
        during?.(++files);
        return tree.file(entry.path, access, place);
      },
    });
  } finally {
    await tree.close();
  }
  if (walk === undefined) throw new Error('the tree could not be walked');
  return { matches: collector.matches, end: tree.end(walk), progress } satisfies Searched;
}

function openDescriptors(): number {
  return readdirSync('/proc/self/fd').length;
}

describe(TreeSearch.name, () => {
  let root: string;
  const none = new SearchWorkerPool(0);
  const workers = new CountingPool(2);

  beforeAll(async () => {
    root = realpathSync(mkdtempSync(path.join(tmpdir(), 'agentkit-tree-search-')));
    buildTree(root);
    if ((await workers.warm()) !== 2) throw new Error('the search workers did not start');
  });

  afterAll(async () => {
    await workers.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each([1, 2, 300, 1_333, 2_500, 100_000])(
    'finds with workers what it finds on the walking thread, stopping at the same file (limit %i)',
    async (limit) => {
      const here = await search(root, none, limit);
      const before = openDescriptors();
      expect(await search(root, workers, limit)).toStrictEqual(here);
      // Every directory a batch held open is closed again.
      expect(openDescriptors()).toBe(before);
    },
  );

  it.each([1_333, 2_500, 100_000])(
    'hands the files past the first ones to the workers (limit %i: the walk stops in their batches or ends)',
    async (limit) => {
      const answered = workers.answered;
      await search(root, workers, limit);
      expect(workers.answered).toBeGreaterThan(answered);
    },
  );

  it('counts what every file of the tree holds, and what the walk left out', async () => {
    const all = await search(root, workers, 100_000);
    expect((all.matches as unknown[]).length).toBeGreaterThan(2_000);
    expect(all.end).toMatchObject({ skippedHardLinks: 24, walk: { skippedIgnored: 108, stopped: false } });
    expect(all.progress).toHaveLength(1);
  });

  it('searches on the walking thread what a worker that exited had not answered', async () => {
    const here = await search(root, none, 100_000);
    const pool = new CountingPool(2);
    expect(await pool.warm()).toBe(2);
    let ended: Promise<void> | undefined;
    try {
      const searched = await search(root, pool, 100_000, () => {
        // Once the workers answered a first batch: the others they hold are lost.
        if (pool.answered > 0) ended ??= pool.close();
      });
      expect(ended).toBeDefined();
      expect(searched).toStrictEqual(here);
    } finally {
      await ended;
      await pool.close();
    }
  });
});
