import { LinearRegExp } from '../../internal/index.js';
import { findRequiredLiteral } from './findRequiredLiteral.js';

/**
 * A grep pattern compiled for the linear-time engine: no pattern can make a search take more
 * than time linear in the text searched (a backtracking `RegExp` can freeze the process on
 * `(a|a)*b`, past any timeout).
 */
export interface SearchPattern {
  /** Tests one line (without its line break). */
  readonly line: LinearRegExp;
  /**
   * Tests a whole text (`^` and `$` at line breaks): a text it rejects has no matching line, so
   * its lines need no test. Exact only where every line ends where the text has a line break:
   * see {@link lineEndSensitive}. Absent when the pattern can tell a line from a text
   * (`\A`, `\z`, inline flags such as `(?-m)`): then every line is tested; and not needed
   * with {@link required}, which finds the candidate lines.
   */
  readonly text?: LinearRegExp;
  /**
   * The pattern can assert something where a line ends (`$`, `\b`, `\B`): a line cut after
   * 64 KiB, or ending in `\r`, ends where the text does not, so {@link text} may reject a text
   * holding such a match.
   */
  readonly lineEndSensitive: boolean;
  /** A case-sensitive pattern without regular-expression syntax: found with `indexOf`. */
  readonly plain?: string;
  /**
   * Text every matching line holds: a plain pattern itself, or the literal a case-sensitive
   * regular expression requires (`needle = ` of `needle = [0-9]+;`). Candidate lines are found
   * with `indexOf`; only they are tested.
   */
  readonly required?: string;
  /**
   * When {@link required} is made of ASCII only: its bytes, which every matching file holds as
   * they are in UTF-8 and Latin-1, so a file without them (and without a UTF-16 BOM) is skipped undecoded.
   */
  readonly literal?: Buffer;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/u;
const REGEX_SYNTAX = /[\\^$.|?*+()[\]{}]/u;
/** Line breaks and lone surrogates: `indexOf` would not find what the engine finds (one line, whole code points). */
const NOT_PLAIN = /[\n\r\uD800-\uDFFF]/u;
const LINE_END_ASSERTION = /\$|\\[bB]/u;
/** Text-edge assertions and inline flags (RE2 syntax): a match in a line may be none in the text. */
const TEXT_SENSITIVE = /\\[Az]|\(\?[-imsU]/u;

function compile(pattern: string, ignoreCase: boolean, multiline: boolean): LinearRegExp {
  return LinearRegExp.compile(pattern, { ignoreCase, multiline });
}

/**
 * The {@link SearchPattern} of a regular expression (JavaScript syntax, without backreferences
 * and lookaround) on the linear-time engine: what `compileSearchPattern` checks, and what a
 * search worker builds again from the same pattern.
 * @throws SyntaxError from the engine when it cannot run the pattern.
 */
export function buildSearchPattern(pattern: string, ignoreCase: boolean): SearchPattern {
  const line = compile(pattern, ignoreCase, false);
  const lineEndSensitive = LINE_END_ASSERTION.test(pattern);
  if (TEXT_SENSITIVE.test(pattern)) return { line, lineEndSensitive };
  if (!ignoreCase && pattern !== '') {
    if (!REGEX_SYNTAX.test(pattern) && !NOT_PLAIN.test(pattern)) {
      const literal = PRINTABLE_ASCII.test(pattern) ? { literal: Buffer.from(pattern, 'latin1') } : {};
      return { line, lineEndSensitive, plain: pattern, required: pattern, ...literal };
    }
    const required = findRequiredLiteral(pattern);
    if (required !== undefined) return { line, lineEndSensitive, required, literal: Buffer.from(required, 'latin1') };
  }
  return { line, text: compile(pattern, ignoreCase, true), lineEndSensitive };
}
