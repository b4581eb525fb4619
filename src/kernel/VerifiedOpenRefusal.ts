/**
 * What kind of special file a verified open refused.
 * @internal
 */
export type SpecialFileKind = 'fifo' | 'character_device' | 'block_device' | 'socket' | 'other';

/**
 * Why a verified open refused, as facts (the workspace turns them into its `ToolError`s):
 * `final_symlink` (`O_NOFOLLOW` hit a link), `not_found`, `too_long`, `io_error` (another
 * `errno`), `not_a_regular_file`, `is_a_directory`, `too_large`, `changed_during_open` (the
 * descriptor is not, or no longer provably, where it must be).
 * @internal
 */
export type VerifiedOpenRefusal =
  | { readonly reason: 'final_symlink' | 'not_found' | 'too_long' | 'is_a_directory' | 'changed_during_open' }
  | { readonly reason: 'io_error'; readonly errno: string }
  | { readonly reason: 'not_a_regular_file'; readonly kind: SpecialFileKind; readonly description: string }
  | { readonly reason: 'too_large'; readonly size: number; readonly maxBytes: number };
