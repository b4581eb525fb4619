import { getErrnoCode } from '../kernel/index.js';

/**
 * The error a file store throws when the file system fails it: what it could not do and the
 * system's error code, never a file's content (a parse error quotes the text it choked on, and a
 * credentials file holds secrets). The original is kept as `cause` only when it is a file-system
 * error, whose message names a path and no content.
 */
export function buildStoreError(subject: string, action: string, thrown: unknown): Error {
  const code = getErrnoCode(thrown);
  if (code === undefined) return new Error(`${subject} could not ${action}.`);
  return new Error(`${subject} could not ${action} (${code}).`, { cause: thrown });
}
