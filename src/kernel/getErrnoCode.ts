/**
 * The `code` of a Node system error (`ENOENT`, `EEXIST`, `ELOOP`, ...), or `undefined` for
 * anything else (a non-object, an error without a string `code`).
 * @internal
 */
export function getErrnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code: unknown = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Whether `error` is a Node system error whose `code` is in `codes` (one of
 * {@link ERRNO_SETS}, or a set of the caller's).
 * @internal
 */
export function hasErrnoCode(error: unknown, codes: ReadonlySet<string>): boolean {
  const code = getErrnoCode(error);
  return code !== undefined && codes.has(code);
}
