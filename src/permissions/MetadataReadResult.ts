/**
 * What reading a well-known metadata key of a permission request gives: the values, or the
 * problem that makes the request unreadable (a checker then denies it, failing closed).
 */
export type MetadataReadResult<T> =
  { readonly ok: true; readonly values: readonly T[] } | { readonly ok: false; readonly problem: string };
