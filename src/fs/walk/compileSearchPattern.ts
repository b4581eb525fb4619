import { LinearRegExp } from '../../internal/index.js';
import { buildFsError } from '../buildFsError.js';
import { buildSearchPattern, type SearchPattern } from './buildSearchPattern.js';

/**
 * Compiles a regular expression (JavaScript syntax, without backreferences and lookaround) for
 * `fs_grep` on the linear-time engine (see {@link SearchPattern}), refusing what that engine
 * cannot run (`invalid_input`: `unsafe_pattern` for backtracking syntax, else `invalid_pattern`).
 */
export function compileSearchPattern(pattern: string, ignoreCase: boolean): SearchPattern {
  try {
    return buildSearchPattern(pattern, ignoreCase);
  } catch (error) {
    const message = (error as Error).message;
    // Backreferences and lookaround only run on a backtracking engine: refused as unsafe.
    const backtracking = LinearRegExp.findUnsupportedSyntax(pattern) !== undefined;
    throw buildFsError(
      'invalid_input',
      backtracking ? 'unsafe_pattern' : 'invalid_pattern',
      `The grep pattern is refused: ${message}${backtracking ? '' : ' Escape special characters like ( [ { . * + ? with a backslash to match them literally.'}`,
      { pattern },
      error,
    );
  }
}
