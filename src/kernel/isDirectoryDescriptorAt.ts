import { realpathSync } from 'node:fs';
import type { DescriptorLocator } from './DescriptorLocator.js';
import { locateDescriptor } from './locateDescriptor.js';

/**
 * Whether the directory descriptor `fd`, opened by the canonical path `directory`
 * (`OPEN_FLAGS.DIRECTORY`), is that very directory: `locate` says so (`/proc/self/fd` on Linux),
 * or, where it cannot tell, `directory` still realpaths to itself (no component became a link).
 * Fs walkers and writers and shell redirect targets confirm the directories they hold with it.
 * @internal
 */
export function isDirectoryDescriptorAt(
  fd: number,
  directory: string,
  locate: DescriptorLocator = locateDescriptor,
): boolean {
  const located = locate(fd);
  if (located !== undefined) return located === directory;
  try {
    return realpathSync.native(directory) === directory;
  } catch {
    return false;
  }
}
