import { constants } from 'node:fs';

/** `O_NOFOLLOW`: the final component is never followed (a link there fails with `ELOOP`). */
const NOFOLLOW = (constants.O_NOFOLLOW as number | undefined) ?? 0;
/** `O_NONBLOCK`: opening a FIFO never waits for its other end. */
const NONBLOCK = (constants.O_NONBLOCK as number | undefined) ?? 0;
/** `O_NOCTTY`: opening a terminal never makes it this process's controlling terminal. */
const NOCTTY = (constants.O_NOCTTY as number | undefined) ?? 0;

/**
 * The open flags of every security-relevant open, in one place. None follows a final link; the
 * platform constants missing on some systems (`O_NOFOLLOW`, `O_NONBLOCK`, `O_NOCTTY`) count as 0
 * there, and the callers' handle checks (`fstat`, the confirmed location) still apply.
 * - `READ_FILE`: read a file that must be regular (verified opens, walkers): FIFOs never block.
 * - `DIRECTORY`: hold a directory open to reach its entries through the handle; fails unless
 *   it is a directory.
 * - `WRITE_EXISTING`: write to an existing file without truncating it (shell redirect targets).
 * - `CREATE_NEW`: create a file that must not exist yet (`O_EXCL`: fails on anything there,
 *   a link or a FIFO included).
 * @internal
 */
export const OPEN_FLAGS = {
  READ_FILE: constants.O_RDONLY | NOFOLLOW | NONBLOCK | NOCTTY,
  DIRECTORY: constants.O_RDONLY | ((constants.O_DIRECTORY as number | undefined) ?? 0) | NOFOLLOW,
  WRITE_EXISTING: constants.O_WRONLY | NOFOLLOW | NONBLOCK | NOCTTY,
  CREATE_NEW: constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW | NOCTTY,
} as const;
