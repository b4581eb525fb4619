import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { getFileKindRefusal, isHardLinked, OPEN_FLAGS } from '../../kernel/index.js';

/** Most files fit in one read into this buffer, shared by every walk (reads are synchronous). */
const CHUNK = 64 * 1024;
const shared = Buffer.allocUnsafe(CHUNK);

/** What a walker's read found instead of bytes: a file with more than one hard link, left unread. */
export const HARD_LINKED = 'hard_linked';

function readRest(fd: number, head: Buffer, size: number, maxBytes: number): Buffer | undefined {
  if (size > maxBytes) return undefined;
  const buffer = Buffer.allocUnsafe(Math.max(size, CHUNK) + 1);
  head.copy(buffer, 0, 0, CHUNK);
  let filled = CHUNK;
  for (;;) {
    if (filled === buffer.length) return undefined;
    const read = readSync(fd, buffer, filled, buffer.length - filled, filled);
    if (read === 0) return buffer.subarray(0, filled);
    filled += read;
    if (filled > maxBytes) return undefined;
  }
}

/**
 * A walker's read of a file it found by `readdir` as a regular file, by a path through its
 * directory's confirmed handle: one open that never follows a link swapped in and never blocks
 * on a FIFO, an `fstat` of that handle (a regular file with a single hard link: one with more
 * may be a window onto a file outside the roots, security.md Paths 8, and comes back as
 * `HARD_LINKED`, unread), then bounded reads (a short first read is the end of the file).
 * Files up to 64 KiB come back as a view of a shared buffer, valid until the next call (decode
 * it first); larger ones must be at most `maxBytes`. `undefined` for anything else or any
 * error (the walker skips it).
 * Synchronous: walkers read many small files, and the thread-pool round trips of the async
 * API would cost more than the reads.
 */
export function readRegularFileSync(filePath: string, maxBytes: number): Buffer | typeof HARD_LINKED | undefined {
  let fd: number;
  try {
    fd = openSync(filePath, OPEN_FLAGS.READ_FILE);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    // The kernel's kind check (its size limit is applied while reading, below).
    if (getFileKindRefusal(stats, {}) !== undefined) return undefined;
    if (isHardLinked(stats)) return HARD_LINKED;
    // A regular file reads short only at its end: one read tells a small file whole.
    const filled = readSync(fd, shared, 0, CHUNK, 0);
    if (filled === CHUNK) return readRest(fd, shared, stats.size, maxBytes);
    return filled > maxBytes ? undefined : shared.subarray(0, filled);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
