import { realpathSync, statSync, type Stats } from 'node:fs';
import { locateDescriptor } from '../kernel/index.js';

/**
 * The synchronous twin of `confirmHandleLocation`, for a file descriptor: where it really is,
 * if that place is inside a root (`locateDescriptor` on Linux, else the realpath of
 * `openedPath` with the same `dev`/`ino`); `undefined` otherwise.
 */
export function confirmDescriptorLocation(fd: number, stats: Stats, openedPath: string, isInside: (canonicalPath: string) => boolean): string | undefined {
  const located = locateDescriptor(fd);
  if (located !== undefined) {
    return isInside(located) ? located : undefined;
  }
  try {
    const real = realpathSync.native(openedPath);
    const current = statSync(real);
    return current.dev === stats.dev && current.ino === stats.ino && isInside(real) ? real : undefined;
  } catch {
    return undefined;
  }
}
