import { closeSync, read, readSync, type Stats } from 'node:fs';
import type { Workspace } from '../index.js';
import { assertLinkCountChecked, type HardLinkedFile } from './HardLinkedFile.js';

/** Files up to this size are read with synchronous calls; larger ones on the thread pool. */
const SYNC_READ_BYTES = 1024 * 1024;

/** A file's bytes read through a verified handle, with the `fstat` of that handle. */
export interface VerifiedBytes {
  readonly bytes: Buffer;
  readonly stats: Stats;
}

function readAsync(fd: number, buffer: Buffer, offset: number): Promise<number> {
  return new Promise((resolve, reject) => {
    read(fd, buffer, offset, buffer.length - offset, offset, (error, bytesRead) => {
      if (error === null) resolve(bytesRead);
      else reject(error);
    });
  });
}

/**
 * All of the file behind `fd` (of `size` bytes by its `fstat`): synchronously up to 1 MiB (no
 * thread-pool round trips), on the pool beyond. The caller closes `fd`.
 */
export async function readDescriptor(fd: number, size: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(size);
  let filled = 0;
  while (filled < size) {
    const bytesRead =
      size <= SYNC_READ_BYTES
        ? readSync(fd, buffer, filled, size - filled, filled)
        : await readAsync(fd, buffer, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled === size ? buffer : buffer.subarray(0, filled);
}

/**
 * The open-time re-check of security.md (Paths 3) through the core's
 * `Workspace.openVerifiedSync` (one open, `fstat`, location confirmed inside a root, regular
 * file of at most `maxBytes`), then the read from that descriptor. A file with more than one
 * hard link is read only when it is `hardLinked`, the file the preflight named (Paths 8).
 */
export async function readVerifiedFile(
  workspace: Workspace,
  canonicalPath: string,
  maxBytes: number,
  hardLinked?: HardLinkedFile,
): Promise<VerifiedBytes> {
  const { fd, stats } = workspace.openVerifiedSync(canonicalPath, { maxBytes });
  try {
    assertLinkCountChecked(stats, canonicalPath, hardLinked);
    return { bytes: await readDescriptor(fd, stats.size), stats };
  } finally {
    closeSync(fd);
  }
}
