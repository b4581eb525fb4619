/**
 * The `details.reason` of every `ToolError` the workspace throws. Documented string values:
 * stable, serializable and safe to switch on.
 *
 * Input (`invalid_input`): `not_a_string`, `empty`, `control_character` (NUL, newline, any
 * Unicode Cc character), `invalid_unicode` (a lone surrogate), `too_long` (the OS refuses the
 * name), `not_a_directory` (a component below which the path continues is a file).
 *
 * Containment (`permission_denied`): `no_roots`, `outside_roots`, `symlink_escape` (a link
 * leads out of every root), `dangling_symlink` (a link whose target does not exist or loops),
 * `read_only_root` (write access to a `read_only` root), `hard_link` (a regular file with more
 * than one hard link, which may be a window onto a file outside the roots: the built-ins refuse
 * to write it, and to read it unless its request was checked, wherever they find it).
 *
 * Open-time (`openVerified`): `not_absolute`, `final_symlink` (`O_NOFOLLOW` hit a link: the
 * path is not canonical or was swapped), `changed_during_open` (the opened file is not, or
 * no longer provably, inside a root) are `permission_denied`; `is_a_directory`,
 * `not_a_regular_file` (FIFO, device, socket), `too_large` are `invalid_input`; `not_found`
 * and `io_error` are `execution_failed`.
 * @internal
 */
export const WORKSPACE_PATH_REFUSAL_REASONS = [
  'not_a_string',
  'empty',
  'control_character',
  'invalid_unicode',
  'too_long',
  'not_a_directory',
  'no_roots',
  'outside_roots',
  'symlink_escape',
  'dangling_symlink',
  'read_only_root',
  'hard_link',
  'not_absolute',
  'final_symlink',
  'changed_during_open',
  'is_a_directory',
  'not_a_regular_file',
  'too_large',
  'not_found',
  'io_error',
] as const;

/**
 * One of {@link WORKSPACE_PATH_REFUSAL_REASONS}.
 * @internal
 */
export type WorkspacePathRefusalReason = (typeof WORKSPACE_PATH_REFUSAL_REASONS)[number];
