import path from 'node:path';

/**
 * Lexical containment on separator boundaries: `candidate` equals `root` or starts with
 * `root + path.sep`, so `/root_evil` is not inside `/root`. Both must be normalized absolute
 * paths; nothing is resolved here.
 */
export function isPathInside(root: string, candidate: string): boolean {
  if (candidate === root) {
    return true;
  }
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  return candidate.startsWith(prefix);
}
