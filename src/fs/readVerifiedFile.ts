import { closeSync, constants, fstatSync, openSync, read, readlinkSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import type { Workspace } from '../index.js';
import { buildFsError } from './buildFsError.js';
import { getErrnoCode } from './getErrnoCode.js';

/** Read-only; the final component is never followed; FIFOs never block; no controlling tty. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);
/** Files up to this size are read with synchronous calls; larger ones on the thread pool. */
const SYNC_READ_BYTES = 1024 * 1024;

/** A file's bytes read through a verified handle, with the `fstat` of that handle. */
export interface VerifiedBytes {
  readonly bytes: Buffer;
  readonly stats: Stats;
}

/** Where the open handle `fd` of `opened` really is: `/proc/self/fd` on Linux, else realpath + same inode. */
function locate(fd: number, opened: string, stats: Stats): string | undefined {
  try {
    const located = readlinkSync(`/proc/self/fd/${fd}`);
    if (path.isAbsolute(located) && !located.endsWith(' (deleted)')) return located;
  } catch {
    // no /proc: fall back below
  }
  try {
    const real = realpathSync.native(opened);
    const current = statSync(real);
    return current.dev === stats.dev && current.ino === stats.ino ? real : undefined;
  } catch {
    return undefined;
  }
}

function openChecked(workspace: Workspace, canonicalPath: string, maxBytes: number): { readonly fd: number; readonly stats: Stats } {
  let fd: number;
  try {
    fd = openSync(canonicalPath, OPEN_FLAGS);
  } catch (error) {
    const errno = getErrnoCode(error) ?? 'unknown error';
    if (errno === 'ELOOP' || errno === 'EMLINK') throw buildFsError('permission_denied', 'final_symlink', `${JSON.stringify(canonicalPath)} became a symlink after it was checked; it is not followed.`, { path: canonicalPath }, error);
    if (errno === 'ENOENT' || errno === 'ENOTDIR') throw buildFsError('execution_failed', 'not_found', `${JSON.stringify(canonicalPath)} does not exist. Check the path, or list the directory with fs_list_directory.`, { path: canonicalPath }, error);
    throw buildFsError('execution_failed', 'io_error', `${JSON.stringify(canonicalPath)} could not be opened (${errno}).`, { path: canonicalPath, errno }, error);
  }
  try {
    const stats = fstatSync(fd);
    const located = locate(fd, canonicalPath, stats);
    if (located === undefined || !workspace.isInsideRoots(located)) {
      throw buildFsError('permission_denied', 'changed_during_open', `${JSON.stringify(canonicalPath)} is no longer inside the workspace roots (a component was swapped while it was opened). Nothing was read.`, { path: canonicalPath });
    }
    if (stats.isDirectory()) throw buildFsError('invalid_input', 'is_a_directory', `${JSON.stringify(canonicalPath)} is a directory, not a file.`, { path: canonicalPath });
    if (!stats.isFile()) throw buildFsError('invalid_input', 'not_a_regular_file', `${JSON.stringify(canonicalPath)} is not a regular file (a FIFO, device or socket).`, { path: canonicalPath });
    if (stats.size > maxBytes) throw buildFsError('invalid_input', 'too_large', `${JSON.stringify(canonicalPath)} is ${stats.size} bytes, over the ${maxBytes}-byte limit.`, { path: canonicalPath, size: stats.size, maxBytes });
    return { fd, stats };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

function readAsync(fd: number, buffer: Buffer, offset: number): Promise<number> {
  return new Promise((resolve, reject) => {
    read(fd, buffer, offset, buffer.length - offset, offset, (error, bytesRead) => (error === null ? resolve(bytesRead) : reject(error)));
  });
}

/**
 * The open-time re-check of security.md (Paths 3), then the read: opens `canonicalPath` once
 * (`O_NOFOLLOW | O_NONBLOCK`), `fstat`s the handle, confirms where the handle is and that it
 * is inside a root, refuses anything but a regular file of at most `maxBytes`, and reads from
 * that handle. The same checks and refusal reasons as `Workspace.openVerified`, done with
 * synchronous calls (each a few microseconds on a local disk) so that a read costs no
 * thread-pool round trips beyond the containment check; files over 1 MiB are read on the pool.
 */
export async function readVerifiedFile(workspace: Workspace, canonicalPath: string, maxBytes: number): Promise<VerifiedBytes> {
  const { fd, stats } = openChecked(workspace, canonicalPath, maxBytes);
  try {
    const buffer = Buffer.allocUnsafe(stats.size);
    let filled = 0;
    while (filled < stats.size) {
      const bytesRead = stats.size <= SYNC_READ_BYTES ? readSync(fd, buffer, filled, stats.size - filled, filled) : await readAsync(fd, buffer, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { bytes: filled === stats.size ? buffer : buffer.subarray(0, filled), stats };
  } finally {
    closeSync(fd);
  }
}
