import type { FileSystemEnvironment } from '../FileSystemEnvironment.js';
import { walkTree } from './walkTree.js';

/** What a recursive delete or a directory move would take along. */
export interface SubtreeScan {
  /** Entries below the directory (a lower bound when `truncated`). */
  readonly entries: number;
  /** Some entry is protected where it is, or would be where it goes (or the walk was cut short). */
  readonly protected: boolean;
  readonly truncated: boolean;
}

/** Walks `directory` (no links followed) for a recursive delete or a move to `destination`. */
export async function scanSubtree(
  env: FileSystemEnvironment,
  directory: string,
  destination?: string,
): Promise<SubtreeScan> {
  const here = env.protectedPaths.below(directory);
  const there = destination === undefined ? undefined : env.protectedPaths.below(destination);
  // One object, so the visitor's writes are not narrowed away after the walk.
  const seen = { entries: 0, touchesProtected: false };
  const walk = await walkTree(directory, {
    maxDepth: Number.POSITIVE_INFINITY,
    maxEntries: env.limits.maxWalkEntries,
    visit: (entry) => {
      seen.entries++;
      seen.touchesProtected ||= here(entry.relativePath) || there?.(entry.relativePath) === true;
    },
  });
  // A directory that cannot be walked as itself is treated as holding anything: protected.
  const truncated = walk === undefined || walk.truncated;
  return { entries: seen.entries, protected: seen.touchesProtected || truncated, truncated };
}
