/**
 * The `details.reason` of the errors the filesystem tools raise themselves (path refusals
 * keep the workspace's reasons: `outside_roots`, `symlink_escape`, ...). Stable strings.
 *
 * Refused before the body runs (`invoked: false`): `not_read` and `stale_read` (read-before-
 * write, `invalid_input`), `exists`, `parent_missing`, `is_a_directory`, `not_a_regular_file`, `too_large`, `not_a_directory`,
 * `directory_not_empty`, `no_change`, `same_path`, `into_itself`, `invalid_pattern`,
 * `unsafe_pattern` (`invalid_input`), `hard_link`, `root` (`permission_denied`).
 *
 * Found by the body (`invoked: true`, `execution_failed`): `not_found`, `stale_read`,
 * `changed_since_preflight`, `hard_link`, `binary_file`, `no_match`, `ambiguous_match`,
 * `replacement_count_mismatch`, `unencodable`, `cross_device`, `io_error`.
 */
export type FileSystemErrorReason =
  | 'not_read'
  | 'stale_read'
  | 'exists'
  | 'parent_missing'
  | 'is_a_directory'
  | 'not_a_regular_file'
  | 'too_large'
  | 'not_a_directory'
  | 'directory_not_empty'
  | 'no_change'
  | 'same_path'
  | 'into_itself'
  | 'invalid_pattern'
  | 'unsafe_pattern'
  | 'hard_link'
  | 'root'
  | 'not_found'
  | 'changed_since_preflight'
  | 'binary_file'
  | 'no_match'
  | 'ambiguous_match'
  | 'replacement_count_mismatch'
  | 'cross_device'
  | 'unencodable'
  | 'cancelled'
  | 'io_error';
