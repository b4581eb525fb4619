import { buildFsError } from '../buildFsError.js';
import { assertSafeRegex } from './assertSafeRegex.js';

/** A grep pattern compiled twice: per line, and for a scan of a whole file for candidates. */
export interface SearchPattern {
  /** Tests one line (without its line break). */
  readonly line: RegExp;
  /**
   * Finds candidate lines in a whole text (`gm` flags): every line `line` matches also holds a
   * match of `scan`. Absent when that does not hold (negative lookarounds can see the line
   * break): then every line is tested.
   */
  readonly scan?: RegExp;
  /**
   * For a case-sensitive pattern without any regular-expression syntax, made of ASCII only:
   * its bytes, which every matching file holds as they are in UTF-8 and Latin-1, so a file
   * without them (and without a UTF-16 BOM) is skipped undecoded.
   */
  readonly literal?: Buffer;
}

/** Plain ASCII text without a character that has a meaning in a regular expression. */
const PLAIN_ASCII = /^[\x20-\x7e]+$/u;
const REGEX_SYNTAX = /[\\^$.|?*+()[\]{}]/u;

function compile(pattern: string, flags: string): RegExp {
  try {
    return new RegExp(pattern, `${flags}u`);
  } catch {
    // Patterns written for other engines often escape characters the `u` flag refuses (`\-`).
    return new RegExp(pattern, flags);
  }
}

/** Compiles a JavaScript regular expression for `fs_grep`, refusing invalid and unsafe ones. */
export function compileSearchPattern(pattern: string, ignoreCase: boolean): SearchPattern {
  assertSafeRegex(pattern);
  const flags = ignoreCase ? 'i' : '';
  let line: RegExp;
  try {
    line = compile(pattern, flags);
  } catch (error) {
    throw buildFsError('invalid_input', 'invalid_pattern', `The pattern ${JSON.stringify(pattern)} is not a valid JavaScript regular expression: ${(error as Error).message}. Escape special characters like ( [ { . * + ? with a backslash to match them literally.`, { pattern }, error);
  }
  const negativeLookaround = /\(\?<?!/.test(pattern);
  const compiled: SearchPattern = negativeLookaround ? { line } : { line, scan: new RegExp(line.source, `${line.flags}gm`) };
  return !ignoreCase && PLAIN_ASCII.test(pattern) && !REGEX_SYNTAX.test(pattern) ? { ...compiled, literal: Buffer.from(pattern, 'latin1') } : compiled;
}
