function separatorOf(path: string): '/' | '\\' {
  return path.includes('/') || !path.includes('\\') ? '/' : '\\';
}

function parentOf(path: string, separator: string): string {
  const index = path.lastIndexOf(separator);
  if (index <= 0) return path.slice(0, index + 1) || separator;
  return path.slice(0, index);
}

/** Whether `path` is `root` or inside it (string comparison on canonical paths). */
export function isInside(path: string, root: string): boolean {
  if (path === root) return true;
  const separator = separatorOf(root);
  return path.startsWith(root.endsWith(separator) ? root : root + separator);
}

/**
 * The deepest directory holding every one of `paths` (absolute canonical paths): the parent of
 * a lone path, or `undefined` when there are none.
 */
export function findCommonDirectory(paths: readonly string[]): string | undefined {
  const [first] = paths;
  if (first === undefined) return undefined;
  const separator = separatorOf(first);
  let common = parentOf(first, separator);
  for (const path of paths) {
    while (!isInside(path, common) || path === common) {
      const parent = parentOf(common, separator);
      if (parent === common) return common;
      common = parent;
    }
  }
  return common;
}

/** `path` shown relative to `root` (`.` for the root itself), or unchanged when outside it. */
export function toDisplayPath(path: string, root: string | undefined): string {
  if (root === undefined || !isInside(path, root)) return path;
  if (path === root) return '.';
  const separator = separatorOf(root);
  return path.slice(root.endsWith(separator) ? root.length : root.length + 1);
}
