import path from 'node:path';

/**
 * The one containment check (security.md Paths 1): lexical, on separator boundaries, so
 * `/root_evil` is not inside `/root`. `candidate` is inside `root` when it equals it or starts
 * with `root` + separator. Both must be normalized absolute paths; nothing is resolved here.
 * Every built-in and the core use this (or {@link getPathInside}) instead of comparing prefixes.
 * @internal
 */
export function isPathInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/**
 * `candidate` relative to `root` when it is inside it (by {@link isPathInside}): `''` for the
 * root itself, else the rest after the separator (`a/b`); `undefined` when it is outside.
 * @internal
 */
export function getPathInside(root: string, candidate: string): string | undefined {
  if (candidate === root) return '';
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  return candidate.startsWith(prefix) ? candidate.slice(prefix.length) : undefined;
}
