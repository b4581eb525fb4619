import path from 'node:path';
import picomatch from 'picomatch';
import type { Workspace } from '../../index.js';

const GLOB_OPTIONS: picomatch.PicomatchOptions = Object.freeze({ dot: true });

function combine(patterns: readonly string[]): RegExp | undefined {
  if (patterns.length === 0) return undefined;
  return new RegExp(patterns.map((pattern) => `(?:${picomatch.makeRe(pattern, GLOB_OPTIONS).source})`).join('|'));
}

/**
 * Decides whether a canonical path is protected: relative patterns are matched against the
 * path relative to every root that contains it, absolute ones against the path itself. All
 * patterns are compiled into one expression once.
 */
export class ProtectedPathMatcher {
  readonly #relative: RegExp | undefined;
  readonly #absolute: RegExp | undefined;

  public constructor(
    patterns: readonly string[],
    private readonly workspace: Workspace,
  ) {
    this.#relative = combine(patterns.filter((pattern) => !path.isAbsolute(pattern)));
    this.#absolute = combine(patterns.filter((pattern) => path.isAbsolute(pattern)));
  }

  public matches(canonicalPath: string): boolean {
    if (this.#absolute?.test(canonicalPath) === true) return true;
    const relative = this.#relative;
    if (relative === undefined) return false;
    for (const root of this.workspace.roots) {
      const rel = path.relative(root.path, canonicalPath);
      if (rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) && relative.test(rel.split(path.sep).join('/'))) return true;
    }
    return false;
  }

  /** Whether `relativePath` (posix, below `base`) is protected: a cheap test for walkers. */
  public matchesBelow(base: string, relativePath: string): boolean {
    return this.matches(path.join(base, relativePath));
  }
}
