import type { Stats } from 'node:fs';
import { lstat, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ERRNO_SETS, hasErrnoCode } from '../kernel/index.js';

/** The outcome of {@link canonicalizePath}; containment is the caller's decision. */
export type CanonicalizedPath =
  | {
      readonly kind: 'canonical';
      /** realpath of the nearest existing ancestor + the remaining components. */
      readonly path: string;
      readonly exists: boolean;
      /** realpath of the nearest existing ancestor (the target itself when it exists). */
      readonly existingPath: string;
      /** `false` when components remain below an existing non-directory. */
      readonly existingIsDirectory: boolean;
    }
  | { readonly kind: 'dangling_symlink' };

async function lstatIfPresent(target: string): Promise<Stats | undefined> {
  try {
    return await lstat(target);
  } catch (error) {
    // This spelling does not lead to an entry: the caller walks one component up.
    if (hasErrnoCode(error, ERRNO_SETS.PATH_UNRESOLVABLE)) {
      return undefined;
    }
    throw error;
  }
}

/**
 * Realpaths a lexically normalized absolute path, or, when it does not exist, its nearest
 * existing ancestor, and appends the remaining components. The nearest existing entry being
 * a symlink that resolves to nothing (missing target, loop) is reported as `dangling_symlink`.
 * Other I/O errors (EACCES, ENAMETOOLONG, ...) propagate.
 */
export async function canonicalizePath(normalizedPath: string): Promise<CanonicalizedPath> {
  const remaining: string[] = [];
  let current = normalizedPath;
  let stats = await lstatIfPresent(current);
  while (stats === undefined) {
    const parent = path.dirname(current);
    if (parent === current) {
      throw Object.assign(new Error(`No existing ancestor of ${normalizedPath}`), { code: 'ENOENT' });
    }
    remaining.unshift(path.basename(current));
    current = parent;
    stats = await lstatIfPresent(current);
  }
  let existingPath: string;
  try {
    existingPath = await realpath(current);
  } catch (error) {
    if (hasErrnoCode(error, ERRNO_SETS.PATH_UNRESOLVABLE)) {
      return { kind: 'dangling_symlink' };
    }
    throw error;
  }
  const targetStats = stats.isSymbolicLink() ? await stat(existingPath) : stats;
  return {
    kind: 'canonical',
    path: remaining.length === 0 ? existingPath : path.join(existingPath, ...remaining),
    exists: remaining.length === 0,
    existingPath,
    existingIsDirectory: targetStats.isDirectory(),
  };
}
