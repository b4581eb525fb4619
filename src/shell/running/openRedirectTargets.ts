import { closeSync, fstatSync, openSync } from 'node:fs';
import path from 'node:path';
import { ToolError, type Workspace } from '../../index.js';
import {
  ERRNO_SETS,
  getDescriptorEntryPath,
  getHardLinkRefusal,
  hasErrnoCode,
  isDirectoryDescriptorAt,
  locateDescriptor,
  OPEN_FLAGS,
} from '../../kernel/index.js';
import type { RedirectBinding } from '../policy/planRedirectBindings.js';

/** The first descriptor number the command gets its targets at (clear of 0-9, which commands use). */
export const REDIRECT_FD_BASE = 20;

function changed(target: string, why: string, cause?: unknown): ToolError {
  return new ToolError(
    'execution_failed',
    `The redirection target ${target} ${why} after the call was checked; nothing was run. Check the path and try again.`,
    { reason: 'redirection_changed', path: target },
    { cause },
  );
}

/** The opened target the command writes through. */
interface PinnedTarget {
  readonly fd: number;
}

/**
 * Opens the parent of `target` as a handle confirmed to be that very directory (inside a
 * read-write root), then `target` through it: the final component is never followed (`O_NOFOLLOW`),
 * so neither a directory on the way nor the target swapped for a link since the check can lead
 * elsewhere. Refuses anything but a regular file with one link. A missing target is created
 * (empty) before the command starts, in and out of the sandbox alike: a directory handle is
 * never handed to the command, since one opened here leads to the host's whole file system
 * through `..` (out of every bind mount of the sandbox).
 */
function pinTarget(workspace: Workspace, target: string): PinnedTarget {
  if (workspace.rootOf(target)?.mode !== 'read_write') throw changed(target, 'is no longer in a read-write root');
  const parent = path.dirname(target);
  let dir: number;
  try {
    dir = openSync(parent, OPEN_FLAGS.DIRECTORY);
  } catch (error) {
    throw changed(target, 'lost its directory', error);
  }
  try {
    if (!isDirectoryDescriptorAt(dir, parent)) throw changed(target, 'had its directory moved or replaced by a link');
    // On Linux through the handle itself (like openat): the path is not looked up again.
    const entry = locateDescriptor(dir) === undefined ? target : getDescriptorEntryPath(dir, path.basename(target));
    let fd: number;
    try {
      // Write without truncating: bash truncates when it opens `/dev/fd/N`.
      fd = openSync(entry, OPEN_FLAGS.WRITE_EXISTING);
    } catch (error) {
      if (!hasErrnoCode(error, ERRNO_SETS.NAME_MISSING))
        throw changed(target, 'became a link or a special file', error);
      try {
        fd = openSync(entry, OPEN_FLAGS.CREATE_NEW, 0o666);
      } catch (createError) {
        throw changed(target, 'appeared as a link or a special file', createError);
      }
    }
    const stats = fstatSync(fd);
    const at = locateDescriptor(fd);
    const hardLink = getHardLinkRefusal(stats, target, {
      subject: `The redirection target ${target}`,
      consequence: 'It was linked after the call was checked; nothing was run.',
    });
    if (!stats.isFile() || hardLink !== undefined || (at !== undefined && at !== target)) {
      closeSync(fd);
      throw hardLink === undefined
        ? changed(target, 'is not the checked regular file')
        : new ToolError(hardLink.code, hardLink.message, hardLink.details);
    }
    return { fd };
  } finally {
    closeSync(dir);
  }
}

/** The command text with each pinned target replaced by `/dev/fd/N`. */
function rewrite(command: string, bindings: readonly RedirectBinding[]): string {
  const order = bindings
    .map((binding, index) => ({ binding, index }))
    .sort((a, b) => b.binding.start - a.binding.start);
  let text = command;
  for (const { binding, index } of order) {
    const word = `/dev/fd/${REDIRECT_FD_BASE + index}`;
    text = `${text.slice(0, binding.start)}${word}${text.slice(binding.end)}`;
  }
  return text;
}

/** Targets opened for one run: hand `fds` to the child (from {@link REDIRECT_FD_BASE}), run `command`, then `close()`. */
export interface OpenedRedirects {
  readonly fds: readonly number[];
  readonly command: string;
  close(): void;
}

/**
 * Opens every pinned redirection target of `command` (see {@link planRedirectBindings}); a
 * missing one is created (empty) first.
 */
export function openRedirectTargets(
  workspace: Workspace,
  command: string,
  bindings: readonly RedirectBinding[],
): OpenedRedirects {
  const pinned: PinnedTarget[] = [];
  const close = (): void => {
    for (const { fd } of pinned.splice(0)) closeSync(fd);
  };
  try {
    for (const binding of bindings) pinned.push(pinTarget(workspace, binding.path));
  } catch (error) {
    close();
    throw error;
  }
  return { fds: pinned.map(({ fd }) => fd), command: rewrite(command, bindings), close };
}
