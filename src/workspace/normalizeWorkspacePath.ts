import path from 'node:path';

/**
 * Lexical normalization against an absolute base: `.`, `..` and repeated separators are
 * folded, `~` stays a literal name, and `process.cwd()` is never consulted (the base is
 * always absolute, so `path.resolve` never reaches it).
 */
export function normalizeWorkspacePath(input: string, absoluteBase: string): string {
  if (!path.isAbsolute(absoluteBase)) {
    throw new TypeError(`normalizeWorkspacePath needs an absolute base, got ${JSON.stringify(absoluteBase)}`);
  }
  return path.resolve(absoluteBase, input);
}
