import { realpathSync, statSync, type Stats } from 'node:fs';
import type { DescriptorLocator } from './DescriptorLocator.js';

/**
 * Where the open descriptor `fd` really is, if that place passes `isInside`; `undefined`
 * otherwise. First `locate` (`/proc/self/fd` on Linux); where that cannot tell (no `/proc`, a
 * deleted file, or `NO_DESCRIPTOR_LOCATOR`), the realpath of `openedPath`, whose `dev`/`ino` must
 * equal the descriptor's (`stats`, its `fstat`): a file moved over the opened path is refused.
 * Synchronous for both twins of the verified open: the `/proc` read is one `readlink`, and the
 * fallback (two calls) runs only where `/proc` is missing.
 * @internal
 */
export function confirmDescriptorLocation(
  fd: number,
  stats: Stats,
  openedPath: string,
  isInside: (canonicalPath: string) => boolean,
  locate: DescriptorLocator,
): string | undefined {
  const located = locate(fd);
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
