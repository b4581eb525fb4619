import path from 'node:path';
import { getPathInside, isPathInside } from '../kernel/index.js';

/**
 * The deepest directory holding every one of `paths` (absolute canonical paths): the parent of
 * a lone path, or `undefined` when there are none.
 */
export function findCommonDirectory(paths: readonly string[]): string | undefined {
  const [first] = paths;
  if (first === undefined) return undefined;
  let common = path.dirname(first);
  for (const candidate of paths) {
    while (!isPathInside(common, candidate) || candidate === common) {
      const parent = path.dirname(common);
      if (parent === common) return common;
      common = parent;
    }
  }
  return common;
}

/** `candidate` shown relative to `root` (`.` for the root itself), or unchanged when outside it. */
export function toDisplayPath(candidate: string, root: string | undefined): string {
  const inside = root === undefined ? undefined : getPathInside(root, candidate);
  if (inside === undefined) return candidate;
  return inside === '' ? '.' : inside;
}
