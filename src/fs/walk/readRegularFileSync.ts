import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** Read-only; the final component is never followed; FIFOs never block; no controlling tty. */
const FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * A walker's read of one file it found by `readdir` in a verified directory: one open that
 * never follows a link swapped in and never blocks on a FIFO, then `fstat` of the handle:
 * regular files up to `maxBytes` only. `undefined` for anything else or any error (the walker
 * skips it). Synchronous: walkers read many small files, and the thread-pool round trips of
 * the async API would cost more than the reads.
 */
export function readRegularFileSync(filePath: string, maxBytes: number): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(filePath, FLAGS);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > maxBytes) return undefined;
    const buffer = Buffer.allocUnsafe(stats.size);
    let filled = 0;
    while (filled < stats.size) {
      const read = readSync(fd, buffer, filled, stats.size - filled, filled);
      if (read === 0) break;
      filled += read;
    }
    return filled === stats.size ? buffer : buffer.subarray(0, filled);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
