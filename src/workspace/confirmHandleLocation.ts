import type { Stats } from 'node:fs';
import { realpath, stat, type FileHandle } from 'node:fs/promises';
import { locateDescriptor, type DescriptorLocator } from '../kernel/index.js';

/**
 * Where an open handle really is, if that place is inside a root; `undefined` otherwise.
 * First `locate` (`/proc/self/fd` on Linux); when that is unavailable (or names a
 * deleted file), the realpath of `openedPath` whose `dev`/`ino` must equal the handle's.
 */
export async function confirmHandleLocation(
  handle: FileHandle,
  handleStats: Stats,
  openedPath: string,
  isInside: (canonicalPath: string) => boolean,
  locate: DescriptorLocator = locateDescriptor,
): Promise<string | undefined> {
  const located = locate(handle.fd);
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
