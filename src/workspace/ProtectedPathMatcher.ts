import path from 'node:path';
import picomatch from 'picomatch';
import type { Workspace } from './Workspace.js';

/** Case-insensitive file systems by default: `.ENV` is `.env` there. */
const NOCASE = process.platform === 'darwin' || process.platform === 'win32';
const GLOB_OPTIONS: picomatch.PicomatchOptions = Object.freeze({ dot: true, nocase: NOCASE });

function combine(patterns: readonly string[]): RegExp | undefined {
  if (patterns.length === 0) return undefined;
  return new RegExp(patterns.map((pattern) => `(?:${picomatch.makeRe(pattern, GLOB_OPTIONS).source})`).join('|'), NOCASE ? 'i' : '');
}

/** The longest literal every match of a plain glob contains, or `undefined` when the glob has none or uses richer syntax. */
function getRequiredLiteral(pattern: string): string | undefined {
  const glob = pattern.replace(/^(\.\/)+/u, '');
  if (/[[\]{}()!+@\\]/u.test(glob)) return undefined;
  const pieces = glob.split(/[*?]/u).map((piece) => piece.replace(/^\/+|\/+$/gu, ''));
  const longest = pieces.reduce((best, piece) => (piece.length > best.length ? piece : best), '');
  return longest === '' ? undefined : longest;
}

/** A cheap first test: a path that contains none of the patterns' literals matches none of them. */
function buildPrefilter(patterns: readonly string[]): RegExp | undefined {
  const literals = patterns.map(getRequiredLiteral);
  if (literals.length === 0 || literals.some((literal) => literal === undefined)) return undefined;
  const escaped = (literals as string[]).map((literal) => literal.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&'));
  return new RegExp(escaped.join('|'), NOCASE ? 'i' : '');
}

/** Whether a `path.relative` result stays below its base (`..x` is a name, not a way up). */
function isBelow(rel: string): boolean {
  return rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

/**
 * Decides whether a canonical path is protected: relative patterns are matched against the
 * path relative to every root that contains it, absolute ones against the path itself. All
 * patterns are compiled into one expression once, behind a literal prefilter.
 */
export class ProtectedPathMatcher {
  readonly #relative: RegExp | undefined;
  readonly #prefilter: RegExp | undefined;
  readonly #absolute: RegExp | undefined;

  public constructor(
    patterns: readonly string[],
    private readonly workspace: Workspace,
  ) {
    const relative = patterns.filter((pattern) => !path.isAbsolute(pattern));
    this.#relative = combine(relative);
    this.#prefilter = buildPrefilter(relative);
    this.#absolute = combine(patterns.filter((pattern) => path.isAbsolute(pattern)));
  }

  public matches(canonicalPath: string): boolean {
    if (this.#absolute?.test(canonicalPath) === true) return true;
    if (this.#relative === undefined) return false;
    for (const root of this.workspace.roots) {
      const rel = path.relative(root.path, canonicalPath);
      if (rel !== '' && isBelow(rel) && this.#testRelative(rel.split(path.sep).join('/'))) return true;
    }
    return false;
  }

  /**
   * A test for walkers below the canonical directory `base`: whether the entry at
   * `relativePath` (posix, below `base`) is protected, without re-deriving root-relative paths.
   */
  public below(base: string): (relativePath: string) => boolean {
    const prefixes: string[] = [];
    for (const root of this.workspace.roots) {
      const rel = path.relative(root.path, base);
      if (rel === '' || isBelow(rel)) prefixes.push(rel === '' ? '' : `${rel.split(path.sep).join('/')}/`);
    }
    const absolute = this.#absolute;
    return (relativePath) =>
      (absolute !== undefined && absolute.test(path.join(base, relativePath))) || prefixes.some((prefix) => this.#testRelative(prefix + relativePath));
  }

  #testRelative(relativePath: string): boolean {
    if (this.#relative === undefined) return false;
    if (this.#prefilter !== undefined && !this.#prefilter.test(relativePath)) return false;
    return this.#relative.test(relativePath);
  }
}
