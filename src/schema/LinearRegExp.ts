import { createRequire } from 'node:module';
import type { RE2JS } from 're2js';

let engineClass: typeof RE2JS | undefined;

/** re2js (its CommonJS build, one file of 260 KB), required when the first pattern is compiled. */
function getRE2JS(): typeof RE2JS {
  engineClass ??= (createRequire(import.meta.url)('re2js') as { RE2JS: typeof RE2JS }).RE2JS;
  return engineClass;
}

/**
 * How a {@link LinearRegExp} matches.
 * @internal
 */
export interface LinearRegExpFlags {
  /** Case-insensitive (Unicode simple case folding). */
  readonly ignoreCase?: boolean;
  /** `^` and `$` match at line breaks (`\n`) too, not only at the ends of the text. */
  readonly multiline?: boolean;
}

const LOOKAROUNDS: readonly (readonly [string, string])[] = [
  ['(?=', 'a lookahead'],
  ['(?!', 'a negative lookahead'],
  ['(?<=', 'a lookbehind'],
  ['(?<!', 'a negative lookbehind'],
];

/**
 * The first construct of `pattern` that needs backtracking (backreferences, lookaround), named
 * for a message, or `undefined`. Checked before translation: re2js would read `\k<name>` as the
 * literal text `k<name>`, and names lookbehinds "invalid named capture".
 */
function findBacktrackingSyntax(pattern: string): string | undefined {
  let inClass = false;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === '\\') {
      const next = pattern[index + 1] ?? '';
      if (!inClass && next >= '1' && next <= '9') return `a backreference "\\${next}"`;
      if (!inClass && next === 'k' && pattern[index + 2] === '<') return 'a named backreference "\\k<...>"';
      index++;
    } else if (inClass) {
      if (char === ']') inClass = false;
    } else if (char === '[') {
      inClass = true;
      // A `]` right after `[` or `[^` is a literal in RE2 syntax, not the end of the class.
      if (pattern[index + 1] === '^') index++;
      if (pattern[index + 1] === ']') index++;
    } else if (char === '(') {
      const found = LOOKAROUNDS.find(([opening]) => pattern.startsWith(opening, index));
      if (found !== undefined) return `${found[1]} "${found[0]}..."`;
    }
  }
  return undefined;
}

/**
 * A regular expression run by a linear-time engine (re2js, a pure-JavaScript port of RE2): the
 * time a match takes grows linearly with the text whatever the pattern, so a pattern written by
 * a model or a remote server cannot freeze the process (a backtracking engine, like `RegExp`,
 * can take exponential time on `(a|a)*b`, and no timeout interrupts a synchronous match).
 * Accepts JavaScript syntax except what only backtracking can do: backreferences and lookaround.
 * @internal
 */
export class LinearRegExp {
  readonly #engine: RE2JS;
  readonly #display: string;

  private constructor(engine: RE2JS, display: string) {
    this.#engine = engine;
    this.#display = display;
  }

  /**
   * The first construct of `pattern` only a backtracking engine can run (a backreference or
   * lookaround), described for a message (`a lookahead "(?=...)"`), or `undefined`.
   */
  public static findUnsupportedSyntax(pattern: string): string | undefined {
    return findBacktrackingSyntax(pattern);
  }

  /**
   * Compiles `pattern` (JavaScript syntax).
   * @throws SyntaxError saying what is wrong, in particular when the pattern uses a backreference
   *   or lookaround, which no linear-time engine supports.
   */
  public static compile(pattern: string, flags: LinearRegExpFlags = {}): LinearRegExp {
    const unsupported = findBacktrackingSyntax(pattern);
    if (unsupported !== undefined) {
      throw new SyntaxError(
        `the pattern ${JSON.stringify(pattern)} uses ${unsupported}, which the linear-time regular expression engine (RE2 syntax) does not support: patterns from models and remote servers run on that engine so that no pattern can stall the process. Rewrite it without backreferences and lookaround.`,
      );
    }
    const RE2 = getRE2JS();
    let engine: RE2JS;
    try {
      engine = RE2.compile(
        RE2.translateRegExp(pattern),
        (flags.ignoreCase === true ? RE2.CASE_INSENSITIVE : 0) | (flags.multiline === true ? RE2.MULTILINE : 0),
      );
    } catch (error) {
      throw new SyntaxError(
        `the pattern ${JSON.stringify(pattern)} is not a valid regular expression for the linear-time engine (RE2 syntax): ${error instanceof Error ? error.message : String(error)}.`,
        { cause: error },
      );
    }
    return new LinearRegExp(
      engine,
      `/${pattern}/${flags.ignoreCase === true ? 'i' : ''}${flags.multiline === true ? 'm' : ''}`,
    );
  }

  /** Whether the pattern matches anywhere in `text`. */
  public test(text: string): boolean {
    return this.#engine.test(text);
  }

  /** `/pattern/flags`, like `RegExp` (ajv keys compiled patterns by it). */
  public toString(): string {
    return this.#display;
  }
}
