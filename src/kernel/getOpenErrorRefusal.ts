import { getErrnoCode } from './getErrnoCode.js';
import type { VerifiedOpenRefusal } from './VerifiedOpenRefusal.js';

/** What each `errno` of an `OPEN_FLAGS.READ_FILE` open means. */
const OPEN_ERROR_REFUSALS: Readonly<Record<string, VerifiedOpenRefusal>> = {
  // O_NOFOLLOW hit a link (Linux says ELOOP, some BSDs EMLINK): not "missing", see ERRNO_SETS.
  ELOOP: { reason: 'final_symlink' },
  EMLINK: { reason: 'final_symlink' },
  // ERRNO_SETS.PATH_MISSING.
  ENOENT: { reason: 'not_found' },
  ENOTDIR: { reason: 'not_found' },
  // A socket, or a device without a driver.
  ENXIO: { reason: 'not_a_regular_file', kind: 'other', description: 'socket or device' },
  ENAMETOOLONG: { reason: 'too_long' },
};

/**
 * Why an `open` of the verified path failed: the refusal of its `errno`, else `io_error`.
 * @internal
 */
export function getOpenErrorRefusal(error: unknown): VerifiedOpenRefusal {
  const errno = getErrnoCode(error) ?? 'unknown error';
  return OPEN_ERROR_REFUSALS[errno] ?? { reason: 'io_error', errno };
}
