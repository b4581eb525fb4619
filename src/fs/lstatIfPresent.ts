import type { Stats } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { ERRNO_SETS, hasErrnoCode } from '../kernel/index.js';

/** The entry's `lstat` (links not followed), or `undefined` when nothing is there. */
export async function lstatIfPresent(target: string): Promise<Stats | undefined> {
  try {
    return await lstat(target);
  } catch (error) {
    if (hasErrnoCode(error, ERRNO_SETS.PATH_MISSING)) return undefined;
    throw error;
  }
}
