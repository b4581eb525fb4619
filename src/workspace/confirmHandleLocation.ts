import type { Stats } from 'node:fs';
import { realpath, stat, type FileHandle } from 'node:fs/promises';
import { locateDescriptor, PROC_SELF_FD } from './locateDescriptor.js';

/**
 * Where an open handle really is, if that place is inside a root; `undefined` otherwise.
 * First `readlink(<procFdDirectory>/<fd>)` (Linux); when that is unavailable (or names a
 * deleted file), the realpath of `openedPath` whose `dev`/`ino` must equal the handle's.
 */
export async function confirmHandleLocation(
  handle: FileHandle,
  handleStats: Stats,
  openedPath: string,
  isInside: (canonicalPath: string) => boolean,
  procFdDirectory = PROC_SELF_FD,
): Promise<string | undefined> {
  const located = locateDescriptor(handle.fd, procFdDirectory);
  if (located !== undefined) {
    return isInside(located) ? located : undefined;
  }
  try {
    const real = await realpath(openedPath);
    const current = await stat(real);
    const same = current.dev === handleStats.dev && current.ino === handleStats.ino;
    return same && isInside(real) ? real : undefined;
  } catch {
    return undefined;
  }
}
