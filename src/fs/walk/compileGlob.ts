import picomatch from 'picomatch';
import { LinearRegExp } from '../../internal/index.js';
import { buildFsError } from '../buildFsError.js';

/**
 * The lookarounds picomatch writes into every expression (with `dot: true`): a segment is not
 * `.` or `..`, and the text is not empty. Relative paths from a walker never have such
 * segments and are never empty, so without them the expression matches the same paths.
 */
const WALKER_LOOKAROUNDS = [
  String.raw`(?!(?:^|\/)\.{1,2}(?:\/|$))`,
  String.raw`(?!\.{1,2}(?:\/|$))`,
  String.raw`(?!\.{0,1}(?:\/|$))`,
  '(?=.)',
];

/**
 * A glob from a model (`fs_glob`, `fs_grep`'s `include`) as a test of walker paths, on the
 * linear-time engine: picomatch's expression for `*a*a*a*a*a*a*b` takes time growing with the
 * name's length to the power of its stars on a backtracking engine (minutes for a 50-character
 * name), past any timeout. Negated extglobs (`!(x)`) need lookahead: `invalid_input`.
 */
export function compileGlob(glob: string): (relativePath: string) => boolean {
  let source = picomatch.makeRe(glob, { dot: true }).source;
  for (const lookaround of WALKER_LOOKAROUNDS) source = source.split(lookaround).join('');
  let expression: LinearRegExp;
  try {
    expression = LinearRegExp.compile(source);
  } catch (error) {
    throw buildFsError(
      'invalid_input',
      'invalid_pattern',
      `The glob ${JSON.stringify(glob)} is refused: it needs a construct the linear-time matcher does not support (a negated extglob such as "!(x)"). Use plain *, **, ?, [...] and {a,b}.`,
      { pattern: glob },
      error,
    );
  }
  return (relativePath) => expression.test(relativePath);
}
