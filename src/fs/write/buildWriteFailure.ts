import { ToolError } from '../../index.js';
import { getErrnoCode } from '../../kernel/index.js';
import { buildFsError } from '../buildFsError.js';

/** What a write's errno means for the model, for the errors a full or failing disk gives. */
const MEANINGS: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is exceeded',
  EFBIG: 'the file would be larger than the file system allows',
  EROFS: 'the file system is read-only',
  EIO: 'the disk reported an I/O error',
};

/**
 * What a write that failed in the middle throws: a ToolError is kept; a system error (`ENOSPC`
 * on a full disk, `EIO`, ...) becomes `execution_failed`, `io_error`, naming the path and the
 * errno, and saying what `outcome` was left (the caller has already undone what it could).
 * Anything else is kept as is, for the executor to report.
 */
export function buildWriteFailure(error: unknown, target: string, outcome: string): unknown {
  if (ToolError.is(error)) return error;
  const errno = getErrnoCode(error);
  if (errno === undefined) return error;
  const meaning = MEANINGS[errno] ?? 'the system refused the write';
  return buildFsError(
    'execution_failed',
    'io_error',
    `Writing ${JSON.stringify(target)} failed: ${meaning} (${errno}). ${outcome}`,
    { path: target, errno },
    error,
  );
}
