import path from 'node:path';
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
export async function scanSubtree(env: FileSystemEnvironment, directory: string, destination?: string): Promise<SubtreeScan> {
  const walk = await walkTree(directory, { maxDepth: Number.POSITIVE_INFINITY, maxEntries: env.limits.maxWalkEntries });
  const touchesProtected = walk.entries.some(
    (entry) => env.isProtected(entry.path) || (destination !== undefined && env.isProtected(path.join(destination, entry.relativePath))),
  );
  return { entries: walk.entries.length, protected: touchesProtected || walk.truncated, truncated: walk.truncated };
}
