import { closeSync, fstatSync, openSync } from 'node:fs';
import { checkOpenedFile, getOpenErrorRefusal, OPEN_FLAGS } from '../kernel/index.js';
import type { OpenVerifiedOptions } from './OpenVerifiedOptions.js';
import type { VerifiedDescriptor } from './VerifiedDescriptor.js';
import { assertOpenTarget, buildRefusalError, type OpenVerifiedContext } from './verifiedOpenChecks.js';

/**
 * `openVerifiedFile` with synchronous calls (each a few microseconds on a local disk, and never
 * blocking: `O_NONBLOCK` keeps FIFOs from stalling the open): the same checks (the kernel's
 * `checkOpenedFile`), reasons and codes, without thread-pool round trips. On any refusal the
 * descriptor is closed before the throw.
 */
export function openVerifiedFileSync(
  canonicalPath: string,
  options: OpenVerifiedOptions,
  context: OpenVerifiedContext,
): VerifiedDescriptor {
  const normalized = assertOpenTarget(canonicalPath, options, context);
  let fd: number;
  try {
    fd = openSync(normalized, OPEN_FLAGS.READ_FILE);
  } catch (error) {
    throw buildRefusalError(getOpenErrorRefusal(error), canonicalPath, context.roots, error);
  }
  try {
    const stats = fstatSync(fd);
    const checked = checkOpenedFile(fd, stats, normalized, {
      ...options,
      isInside: (candidate) => context.rootOf(candidate) !== undefined,
      locate: context.locate,
    });
    if ('refusal' in checked) throw buildRefusalError(checked.refusal, canonicalPath, context.roots);
    return { fd, stats, path: checked.path };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}
