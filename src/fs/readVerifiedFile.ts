import { readSync, type Stats } from 'node:fs';
import type { Workspace } from '../index.js';

/** Files up to this size are read with one synchronous call on the verified handle (no thread-pool round trip). */
const SYNC_READ_BYTES = 1024 * 1024;

/** A file's bytes read through `workspace.openVerified`, with the `fstat` of that handle. */
export interface VerifiedBytes {
  readonly bytes: Buffer;
  readonly stats: Stats;
}

/**
 * Opens `canonicalPath` with the open-time re-check (regular file, `O_NOFOLLOW`,
 * `O_NONBLOCK`, inside a root, at most `maxBytes`), reads it from that handle and closes it.
 */
export async function readVerifiedFile(workspace: Workspace, canonicalPath: string, maxBytes: number): Promise<VerifiedBytes> {
  const file = await workspace.openVerified(canonicalPath, { maxBytes });
  try {
    const { size } = file.stats;
    const buffer = Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const bytesRead = size <= SYNC_READ_BYTES ? readSync(file.handle.fd, buffer, filled, size - filled, filled) : (await file.handle.read(buffer, filled, size - filled, filled)).bytesRead;
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { bytes: filled === size ? buffer : buffer.subarray(0, filled), stats: file.stats };
  } finally {
    await file.handle.close();
  }
}
