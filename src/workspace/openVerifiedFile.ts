import { open, type FileHandle } from 'node:fs/promises';
import { confirmHandleLocation } from './confirmHandleLocation.js';
import { OPEN_FLAGS } from '../kernel/index.js';
import type { OpenVerifiedOptions } from './OpenVerifiedOptions.js';
import { assertOpenTarget, buildMovedError, buildOpenError, checkKind, type OpenVerifiedContext } from './verifiedOpenChecks.js';
import type { VerifiedFile } from './VerifiedFile.js';

export type { OpenVerifiedContext } from './verifiedOpenChecks.js';

/**
 * The open-time re-check: lexical containment, one `open` (`O_NOFOLLOW | O_NONBLOCK`), `fstat`
 * of the handle, confirmation that the handle is inside a root, then kind and size checks.
 * On any refusal the handle is closed before the error is thrown.
 */
export async function openVerifiedFile(canonicalPath: string, options: OpenVerifiedOptions, context: OpenVerifiedContext): Promise<VerifiedFile> {
  const { roots } = context;
  const normalized = assertOpenTarget(canonicalPath, options, context);
  let handle: FileHandle;
  try {
    handle = await open(normalized, OPEN_FLAGS.READ_FILE);
  } catch (error) {
    throw buildOpenError(error, canonicalPath, roots);
  }
  try {
    const stats = await handle.stat();
    const located = await confirmHandleLocation(handle, stats, normalized, (candidate) => context.rootOf(candidate) !== undefined);
    if (located === undefined) throw buildMovedError(canonicalPath, roots);
    checkKind(stats, canonicalPath, options, roots);
    return { handle, stats, path: located };
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}
