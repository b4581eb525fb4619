import { closeSync, fstatSync, openSync } from 'node:fs';
import { confirmDescriptorLocation } from './confirmDescriptorLocation.js';
import { OPEN_FLAGS } from '../kernel/index.js';
import type { OpenVerifiedOptions } from './OpenVerifiedOptions.js';
import type { VerifiedDescriptor } from './VerifiedDescriptor.js';
import { assertOpenTarget, buildMovedError, buildOpenError, checkKind, type OpenVerifiedContext } from './verifiedOpenChecks.js';

/**
 * `openVerifiedFile` with synchronous calls (each a few microseconds on a local disk, and never
 * blocking: `O_NONBLOCK` keeps FIFOs from stalling the open): the same checks, reasons and codes,
 * without thread-pool round trips. On any refusal the descriptor is closed before the throw.
 */
export function openVerifiedFileSync(canonicalPath: string, options: OpenVerifiedOptions, context: OpenVerifiedContext): VerifiedDescriptor {
  const { roots } = context;
  const normalized = assertOpenTarget(canonicalPath, options, context);
  let fd: number;
  try {
    fd = openSync(normalized, OPEN_FLAGS.READ_FILE);
  } catch (error) {
    throw buildOpenError(error, canonicalPath, roots);
  }
  try {
    const stats = fstatSync(fd);
    const located = confirmDescriptorLocation(fd, stats, normalized, (candidate) => context.rootOf(candidate) !== undefined);
    if (located === undefined) throw buildMovedError(canonicalPath, roots);
    checkKind(stats, canonicalPath, options, roots);
    return { fd, stats, path: located };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}
