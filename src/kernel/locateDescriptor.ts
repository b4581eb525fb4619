import { readlinkSync } from 'node:fs';
import path from 'node:path';

/**
 * Where Linux names this process's open descriptors. An entry resolves through the descriptor
 * itself (like `openat`): `<dir>/<fd>/<name>` reaches `name` inside the directory `fd` holds,
 * whatever happened to the path it was opened by.
 * @internal
 */
export const PROC_SELF_FD = '/proc/self/fd';

/**
 * Where the open descriptor `fd` really is, read from `/proc/self/fd/<fd>`; `undefined` where
 * that cannot be known (no `/proc`, or the file was deleted). The one copy of this check: every
 * built-in that confirms a handle (verified opens, walkers, shell redirect targets) uses it,
 * through the kernel entry. A {@link DescriptorLocator}.
 * @internal
 */
export function locateDescriptor(fd: number): string | undefined {
  const located = readDescriptorLink(fd);
  return located !== undefined && path.isAbsolute(located) && !located.endsWith(' (deleted)') ? located : undefined;
}

/**
 * What `/proc/self/fd/<fd>` says the descriptor is, as the kernel names it: a path, or
 * `pipe:[inode]` / `socket:[inode]` for a pipe or socket (what the shell's output channels are
 * recognised by); `undefined` where it cannot be read.
 * @internal
 */
export function readDescriptorLink(fd: number): string | undefined {
  try {
    return readlinkSync(`${PROC_SELF_FD}/${fd}`);
  } catch {
    return undefined;
  }
}

/**
 * The path reaching `name` inside the directory held open by `fd`, through the handle (Linux).
 * @internal
 */
export function getDescriptorEntryPath(fd: number, name?: string): string {
  return name === undefined ? `${PROC_SELF_FD}/${fd}` : `${PROC_SELF_FD}/${fd}/${name}`;
}
