import { open, type FileHandle } from 'node:fs/promises';
import { checkOpenedFile, getOpenErrorRefusal, OPEN_FLAGS } from '../kernel/index.js';
import type { OpenVerifiedOptions } from './OpenVerifiedOptions.js';
import { assertOpenTarget, buildRefusalError, type OpenVerifiedContext } from './verifiedOpenChecks.js';
import type { VerifiedFile } from './VerifiedFile.js';

export type { OpenVerifiedContext } from './verifiedOpenChecks.js';

/**
 * The open-time re-check: lexical containment, one `open` (`O_NOFOLLOW | O_NONBLOCK`), `fstat`
 * of the handle, then the kernel's `checkOpenedFile` (inside a root, kind, size), the table
 * `openVerifiedFileSync` calls too. On any refusal the handle is closed before the error is thrown.
 */
export async function openVerifiedFile(
  canonicalPath: string,
  options: OpenVerifiedOptions,
  context: OpenVerifiedContext,
): Promise<VerifiedFile> {
  const normalized = assertOpenTarget(canonicalPath, options, context);
  let handle: FileHandle;
  try {
    handle = await open(normalized, OPEN_FLAGS.READ_FILE);
  } catch (error) {
    throw buildRefusalError(getOpenErrorRefusal(error), canonicalPath, context.roots, error);
  }
  try {
    const stats = await handle.stat();
    const checked = checkOpenedFile(handle.fd, stats, normalized, {
      ...options,
      isInside: (candidate) => context.rootOf(candidate) !== undefined,
      locate: context.locate,
    });
    if ('refusal' in checked) throw buildRefusalError(checked.refusal, canonicalPath, context.roots);
    return { handle, stats, path: checked.path };
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}
