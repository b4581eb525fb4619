import { readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { getEntryKind } from './getEntryKind.js';
import type { WalkEntry } from './WalkEntry.js';

export interface WalkOptions {
  /** Deepest level visited (1: the base's children only). */
  readonly maxDepth: number;
  /** Entries visited at most; the walk reports `truncated` when it stops there. */
  readonly maxEntries: number;
  readonly signal?: AbortSignal;
}

export interface WalkResult {
  readonly entries: WalkEntry[];
  /** Stopped at `maxEntries` (or by the signal) before the whole tree was seen. */
  readonly truncated: boolean;
}

/** How long the walk may hold the event loop before it yields, in ms. */
const SLICE_MS = 8;

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Every entry below `base` (a verified, canonical directory), breadth-first, never following a
 * symlinked directory: only entries that are real directories are descended into, so every
 * entry found is inside `base`. Directories that cannot be read are skipped. Reads directories
 * synchronously in slices of a few milliseconds, yielding to the event loop between slices.
 */
export async function walkTree(base: string, options: WalkOptions): Promise<WalkResult> {
  const entries: WalkEntry[] = [];
  const queue: { readonly dir: string; readonly rel: string; readonly depth: number }[] = [{ dir: base, rel: '', depth: 1 }];
  let sliceStart = performance.now();
  for (let next = 0; next < queue.length; next++) {
    const { dir, rel, depth } = queue[next] as (typeof queue)[number];
    let dirents: Dirent[];
    try {
      dirents = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const dirent of dirents) {
      if (entries.length >= options.maxEntries) return { entries, truncated: true };
      const kind = getEntryKind(dirent);
      const entryPath = path.join(dir, dirent.name);
      const relativePath = rel === '' ? dirent.name : `${rel}/${dirent.name}`;
      entries.push({ path: entryPath, relativePath, name: dirent.name, kind, depth });
      if (kind === 'directory' && depth < options.maxDepth) queue.push({ dir: entryPath, rel: relativePath, depth: depth + 1 });
    }
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToEventLoop();
      if (options.signal?.aborted === true) return { entries, truncated: true };
      sliceStart = performance.now();
    }
  }
  return { entries, truncated: false };
}
