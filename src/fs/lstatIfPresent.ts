import type { Stats } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { getErrnoCode } from './getErrnoCode.js';

/** The entry's `lstat` (links not followed), or `undefined` when nothing is there. */
export async function lstatIfPresent(target: string): Promise<Stats | undefined> {
  try {
    return await lstat(target);
  } catch (error) {
    if (getErrnoCode(error) === 'ENOENT' || getErrnoCode(error) === 'ENOTDIR') return undefined;
    throw error;
  }
}
