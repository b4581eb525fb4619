/**
 * What "missing" means, named, so each caller says which it needs (they differ on purpose):
 * - `NAME_MISSING` (`ENOENT`): the final name is not in its directory. For operations on a
 *   directory known to exist (a store's own directory, an entry opened through a directory
 *   handle): anything else, `ENOTDIR` included, is a real failure.
 * - `PATH_MISSING` (`ENOENT`, `ENOTDIR`): nothing is at this path, because the name or a
 *   component on the way is missing, or a component is not a directory. `lstat`-style probes
 *   ("is anything there?") and the verified open's `not_found`.
 * - `PATH_UNRESOLVABLE` (`ENOENT`, `ENOTDIR`, `ELOOP`): this spelling leads to no entry, a link
 *   loop on the way included. Canonicalization walks one component up on these. Never use it
 *   after an `O_NOFOLLOW` open, where `ELOOP` means "the final component is a link".
 * @internal
 */
export const ERRNO_SETS = {
  NAME_MISSING: new Set(['ENOENT']) as ReadonlySet<string>,
  PATH_MISSING: new Set(['ENOENT', 'ENOTDIR']) as ReadonlySet<string>,
  PATH_UNRESOLVABLE: new Set(['ENOENT', 'ENOTDIR', 'ELOOP']) as ReadonlySet<string>,
} as const;
