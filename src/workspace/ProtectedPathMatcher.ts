import path from 'node:path';
import picomatch from 'picomatch';
import { getPathInside } from '../kernel/index.js';
import type { Workspace } from './Workspace.js';

/**
 * Case is ignored on every platform: a case-insensitive file system (a macOS or Windows disk,
 * a USB stick, an SMB share, an ext4 casefold directory) can sit below any root, and there
 * `.GIT/config` is `.git/config`. Protecting too much only asks more often.
 */
const GLOB_OPTIONS: picomatch.PicomatchOptions = Object.freeze({ dot: true, nocase: true });

function combine(patterns: readonly string[]): RegExp | undefined {
  if (patterns.length === 0) return undefined;
  return new RegExp(patterns.map((pattern) => `(?:${picomatch.makeRe(pattern, GLOB_OPTIONS).source})`).join('|'), 'i');
}

/** The longest literal every match of a plain glob contains, or `undefined` when the glob has none or uses richer syntax. */
function getRequiredLiteral(pattern: string): string | undefined {
  // A brace group is one of several spellings: what is outside it is still required.
  const glob = pattern.replace(/^(\.\/)+/u, '').replace(/\{[^{}\\]*\}/gu, '*');
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
  return new RegExp(escaped.join('|'), 'i');
}

/** A name without glob syntax, or with one brace group of such names (`lefthook.{yml,yaml}`). */
const NAME = String.raw`[^*?[\]{}()!+@\\/,]*(?:\{[^*?[\]{}()!+@\\/]*\})?[^*?[\]{}()!+@\\/,]*`;
/** `**\/<name>` (the last segment) or `**\/<name>/**` (any segment): a literal test, no glob engine needed. */
const NAME_PATTERN = new RegExp(`^\\*\\*/(${NAME})(/\\*\\*)?$`, 'u');

/** The names a name with at most one brace group stands for. */
function expandName(name: string): string[] {
  const open = name.indexOf('{');
  if (open === -1) return [name];
  const close = name.indexOf('}', open);
  return name
    .slice(open + 1, close)
    .split(',')
    .map((choice) => `${name.slice(0, open)}${choice}${name.slice(close + 1)}`);
}

function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&');
}

/**
 * One expression for the patterns that only name a segment (most of the defaults): a name that
 * is any segment of the path (`**\/.git/**`), or its last (`**\/.npmrc`). An alternation of
 * literals, far cheaper than the glob engine's expression for the same patterns.
 */
function buildNameTest(patterns: readonly string[]): {
  readonly test: RegExp | undefined;
  readonly rest: readonly string[];
} {
  const anySegment: string[] = [];
  const lastSegment: string[] = [];
  const rest: string[] = [];
  for (const pattern of patterns) {
    const match = NAME_PATTERN.exec(pattern);
    const names = match?.[1] === undefined ? [] : expandName(match[1]);
    if (match === null || names.some((name) => name === '' || name === '.' || name === '..')) rest.push(pattern);
    else (match[2] === undefined ? lastSegment : anySegment).push(...names.map(escapeRegExp));
  }
  const alternatives = [
    ...(anySegment.length === 0 ? [] : [`(?:^|/)(?:${anySegment.join('|')})(?:/|$)`]),
    ...(lastSegment.length === 0 ? [] : [`(?:^|/)(?:${lastSegment.join('|')})$`]),
  ];
  return { test: alternatives.length === 0 ? undefined : new RegExp(alternatives.join('|'), 'i'), rest };
}

/** Paths that may hold a spelling some file system folds: non-ASCII, `~`, spaces, a trailing dot. */
const FOLDABLE = /[^\x21-\x7d]|\.(?:\/|$)/u;
/** Code points HFS+ ignores in names (`.g\u200cit` is `.git` there), as git's `is_hfs_dotgit` does. */
const IGNORED_CODE_POINTS = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/gu;
/** The NTFS short (8.3) names of `.git`. */
const SHORT_DOT_GIT = /^git~\d+$/iu;

function foldSegment(segment: string): string {
  // Win32 drops trailing dots and spaces: `.git.` and `.git ` are `.git` there.
  const folded = segment.replace(IGNORED_CODE_POINTS, '').replace(/[. ]+$/u, '');
  if (folded === '' || folded === '.' || folded === '..') return segment;
  return SHORT_DOT_GIT.test(folded) ? '.git' : folded;
}

/**
 * A path (`/` separators) spelled as the file systems that fold names would see it, so that a
 * name one of them takes for a protected one is matched like it; case is ignored by the
 * expressions themselves. Folding only ever adds protection.
 */
function foldSpelling(posixPath: string): string {
  if (!FOLDABLE.test(posixPath)) return posixPath;
  return posixPath.normalize('NFC').split('/').map(foldSegment).join('/');
}

/**
 * Decides whether a canonical path is protected: relative patterns are matched against the
 * path relative to every root that contains it, absolute ones against the path itself. All
 * patterns are compiled once: those that only name a segment (`**\/.git/**`, `**\/.npmrc`)
 * into one alternation of literals, the others into one expression behind a literal
 * prefilter. Case is ignored,
 * and a name some file system folds into a protected one (`.git.` and `git~1` on NTFS,
 * `.g\u200cit` on HFS+) is matched as that one too.
 * @internal
 */
export class ProtectedPathMatcher {
  readonly #names: RegExp | undefined;
  readonly #relative: RegExp | undefined;
  readonly #prefilter: RegExp | undefined;
  readonly #absolute: RegExp | undefined;

  public constructor(
    patterns: readonly string[],
    private readonly workspace: Workspace,
  ) {
    const names = buildNameTest(patterns.filter((pattern) => !path.isAbsolute(pattern)));
    this.#names = names.test;
    this.#relative = combine(names.rest);
    this.#prefilter = buildPrefilter(names.rest);
    this.#absolute = combine(patterns.filter((pattern) => path.isAbsolute(pattern)));
  }

  public matches(canonicalPath: string): boolean {
    if (this.#testAbsolute(canonicalPath)) return true;
    if (this.#names === undefined && this.#relative === undefined) return false;
    for (const root of this.workspace.roots) {
      const rel = getPathInside(root.path, canonicalPath);
      if (rel !== undefined && rel !== '' && this.#testRelative(rel.split(path.sep).join('/'))) return true;
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
      const rel = getPathInside(root.path, base);
      if (rel !== undefined) prefixes.push(rel === '' ? '' : `${rel.split(path.sep).join('/')}/`);
    }
    const hasAbsolute = this.#absolute !== undefined;
    return (relativePath) =>
      (hasAbsolute && this.#testAbsolute(path.join(base, relativePath))) ||
      prefixes.some((prefix) => this.#testRelative(prefix + relativePath));
  }

  #testAbsolute(canonicalPath: string): boolean {
    const absolute = this.#absolute;
    if (absolute === undefined) return false;
    const folded = foldSpelling(canonicalPath);
    return absolute.test(canonicalPath) || (folded !== canonicalPath && absolute.test(folded));
  }

  #testRelative(relativePath: string): boolean {
    const folded = foldSpelling(relativePath);
    return this.#testRelativeSpelling(relativePath) || (folded !== relativePath && this.#testRelativeSpelling(folded));
  }

  #testRelativeSpelling(relativePath: string): boolean {
    if (this.#names?.test(relativePath) === true) return true;
    if (this.#relative === undefined) return false;
    if (this.#prefilter !== undefined && !this.#prefilter.test(relativePath)) return false;
    return this.#relative.test(relativePath);
  }
}
