/**
 * The `details.reason` of the errors the filesystem tools raise themselves (path refusals
 * keep the workspace's reasons: `outside_roots`, `symlink_escape`, ...). Stable strings.
 *
 * Refused before the body runs (`invoked: false`, nothing changed):
 * - `invalid_input`: `not_read` and `stale_read` (read-before-write), `exists`,
 *   `parent_missing`, `is_a_directory`, `not_a_regular_file`, `too_large`, `not_a_directory`,
 *   `directory_not_empty`, `no_change`, `same_path`, `into_itself`, `invalid_pattern`,
 *   `unsafe_pattern`, and for edits, worked out on the current bytes: `binary_file`,
 *   `no_match`, `ambiguous_match`, `replacement_count_mismatch`, `unencodable`;
 * - `permission_denied`: `hard_link`, `root`.
 *
 * Found by the body (`invoked: true`): `execution_failed` with `not_found`, `stale_read`,
 * `changed_since_preflight` (the entry moved, vanished or was replaced after the check),
 * `unencodable`, `cross_device`, `io_error` (and the edit reasons above when the file changed
 * without read-before-write); `permission_denied` with `hard_link` (linked after the check:
 * the one hard-link refusal keeps its code wherever it is found; nothing was read or written);
 * `interrupted` with `cancelled`. Open-time
 * refusals of reads carry the workspace's reasons (`final_symlink`, `changed_during_open`,
 * `is_a_directory`, `not_a_regular_file`, `too_large`). `internal` with `missing_preflight`:
 * a tool invoked without its preflight (outside the executor).
 */
export const FILE_SYSTEM_ERROR_REASONS = [
  'not_read',
  'stale_read',
  'exists',
  'parent_missing',
  'is_a_directory',
  'not_a_regular_file',
  'too_large',
  'not_a_directory',
  'directory_not_empty',
  'no_change',
  'same_path',
  'into_itself',
  'invalid_pattern',
  'unsafe_pattern',
  'hard_link',
  'root',
  'not_found',
  'changed_since_preflight',
  'binary_file',
  'no_match',
  'ambiguous_match',
  'replacement_count_mismatch',
  'cross_device',
  'unencodable',
  'cancelled',
  'io_error',
  'missing_preflight',
] as const;

/** One of {@link FILE_SYSTEM_ERROR_REASONS}: the `details.reason` of an fs tool failure. */
export type FileSystemErrorReason = (typeof FILE_SYSTEM_ERROR_REASONS)[number];
