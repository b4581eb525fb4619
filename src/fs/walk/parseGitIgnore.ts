import { compileIgnoreGlob, type IgnoreGlob } from './compileIgnoreGlob.js';
import type { IgnoreRule } from './IgnoreRule.js';

/** Patterns longer than this are dropped: no path it could meet is that long (`PATH_MAX`). */
const MAX_PATTERN_CHARS = 4096;

/**
 * What one `.gitignore` may ask of the walker. Every entry of a directory is matched against
 * every rule in force, inside one synchronous walk: a file written to be costly (thousands of
 * rules, or patterns made of wildcards) would hold the event loop for minutes, past any
 * timeout. A file over these bounds is not applied (the walk then shows more, never less) and
 * is counted as unread. Real `.gitignore` files stay far below them.
 */
const MATCHING_BUDGET = Object.freeze({ rules: 1_000, patternChars: 32 * 1024, wildcards: 256 });

/** Whether the `.gitignore` text stays within {@link MATCHING_BUDGET}. */
export function isWithinMatchingBudget(text: string): boolean {
  let rules = 0;
  let patternChars = 0;
  let wildcards = 0;
  for (const line of text.split('\n')) {
    const pattern = line.trim();
    if (pattern === '' || pattern.startsWith('#')) continue;
    rules++;
    patternChars += pattern.length;
    for (const char of pattern) if (char === '*' || char === '?' || char === '[') wildcards++;
  }
  return (
    rules <= MATCHING_BUDGET.rules &&
    patternChars <= MATCHING_BUDGET.patternChars &&
    wildcards <= MATCHING_BUDGET.wildcards
  );
}

/** git's `trim_trailing_spaces`: trailing spaces go unless the first of them is escaped with `\`. */
function trimTrailingSpaces(line: string): string {
  let lastSpace = -1;
  for (let at = 0; at < line.length; at++) {
    const char = line[at];
    if (char === ' ') {
      if (lastSpace === -1) lastSpace = at;
    } else {
      if (char === '\\') {
        at++;
        if (at >= line.length) return line;
      }
      lastSpace = -1;
    }
  }
  return lastSpace === -1 ? line : line.slice(0, lastSpace);
}

/**
 * A pattern matched against a path (git's `match_pathname`): its part before the first
 * wildcard (`*?[\\`) is compared literally, and the rest is matched as a glob of its own, so
 * the rest starts a segment: `a**\/*.js` matches `ab.js` in git, and here.
 */
function compilePathGlob(pattern: string): IgnoreGlob | undefined {
  const wildcard = pattern.search(/[*?[\\]/);
  if (wildcard <= 0) return compileIgnoreGlob(pattern);
  const prefix = pattern.slice(0, wildcard);
  const rest = compileIgnoreGlob(pattern.slice(wildcard));
  if (rest === undefined) return undefined;
  return (text) => text.startsWith(prefix) && rest(text.slice(prefix.length));
}

/**
 * The rules of one `.gitignore` file, in file order, as git reads them (`dir.c`): a UTF-8 BOM
 * is skipped; lines end at `\n` (a `\r` before it is dropped); blank lines and lines starting
 * with `#` are skipped; trailing spaces are dropped unless escaped (`\ `); `!` negates
 * (`\!` and `\#` start a pattern with that character); a trailing `/` matches directories
 * only; a pattern with a slash elsewhere is anchored to the file's directory (a leading `/`
 * only anchors), one without is matched against names at any depth. Patterns git never
 * matches anything with are dropped.
 */
export function parseGitIgnore(text: string): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  for (const raw of body.split('\n')) {
    const unterminated = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (unterminated === '' || unterminated.startsWith('#')) continue;
    let pattern = trimTrailingSpaces(unterminated);
    const negated = pattern.startsWith('!');
    if (negated) pattern = pattern.slice(1);
    const directoryOnly = pattern.endsWith('/');
    if (directoryOnly) pattern = pattern.slice(0, -1);
    if (pattern === '' || pattern.length > MAX_PATTERN_CHARS) continue;
    const matchesName = !pattern.includes('/');
    if (pattern.startsWith('/')) pattern = pattern.slice(1);
    const glob = matchesName ? compileIgnoreGlob(pattern) : compilePathGlob(pattern);
    if (glob !== undefined) rules.push({ negated, directoryOnly, matchesName, glob });
  }
  return rules;
}
