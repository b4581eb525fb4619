import { readlinkSync, realpathSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';

/**
 * The synchronous twin of `confirmHandleLocation`, for a file descriptor: where it really is,
 * if that place is inside a root (`/proc/self/fd/<fd>` on Linux, else the realpath of
 * `openedPath` with the same `dev`/`ino`); `undefined` otherwise.
 */
export function confirmDescriptorLocation(fd: number, stats: Stats, openedPath: string, isInside: (canonicalPath: string) => boolean): string | undefined {
  let located: string | undefined;
  try {
    located = readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    located = undefined;
  }
  if (located !== undefined && path.isAbsolute(located) && !located.endsWith(' (deleted)')) {
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
