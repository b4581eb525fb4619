import type { CodeOptions } from 'ajv';
import { LinearRegExp } from './LinearRegExp.js';

/**
 * The regular-expression engine ajv uses (option `code.regExp`) for schemas written by others:
 * `pattern` and `patternProperties` keywords compile to {@link LinearRegExp}s, so validating an
 * input against a hostile schema takes linear time. A pattern the engine does not support makes
 * the schema fail to compile, saying so.
 */
export const linearRegExpEngine: NonNullable<CodeOptions['regExp']> = Object.assign((pattern: string): LinearRegExp => LinearRegExp.compile(pattern), {
  // Only read by ajv's standalone code generation, which the executor does not use.
  code: 'LinearRegExp.compile',
});
