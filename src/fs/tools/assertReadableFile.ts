import type { Stats } from 'node:fs';
import { buildFsError } from '../buildFsError.js';

function describeKind(stats: Stats): string {
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  if (stats.isSymbolicLink()) return 'a symlink that was swapped in after the path was checked';
  return 'not a regular file';
}

/**
 * Preflight checks of an existing file about to be read (`lstat` of its canonical path, which
 * never blocks, not even on a FIFO): a regular file no larger than `maxBytes`. Refused calls
 * never reach the body (`invoked: false`); the body's open-time re-check repeats them on the
 * handle it reads from.
 */
export function assertReadableFile(stats: Stats, input: string, canonicalPath: string, maxBytes: number): void {
  if (stats.isDirectory()) {
    throw buildFsError(
      'invalid_input',
      'is_a_directory',
      `${JSON.stringify(input)} is a directory, not a file. List it with fs_list_directory or search it with fs_grep.`,
      {
        path: canonicalPath,
      },
    );
  }
  if (!stats.isFile()) {
    throw buildFsError(
      'invalid_input',
      'not_a_regular_file',
      `${JSON.stringify(input)} is ${describeKind(stats)}; only regular files are read.`,
      { path: canonicalPath },
    );
  }
  if (stats.size > maxBytes) {
    throw buildFsError(
      'invalid_input',
      'too_large',
      `${JSON.stringify(input)} is ${stats.size} bytes, over the ${maxBytes}-byte limit for reading. Search it with fs_grep instead, or ask for a smaller file.`,
      { path: canonicalPath, size: stats.size, maxBytes },
    );
  }
}
