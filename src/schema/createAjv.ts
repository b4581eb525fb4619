import { Ajv, type CodeOptions } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { LinearRegExp } from './LinearRegExp.js';
import { linearUrlFormat } from './linearUrlFormat.js';
import type { SchemaStrictness } from './SchemaStrictness.js';

/**
 * The regular-expression engine ajv uses (option `code.regExp`) for schemas written by others:
 * `pattern` and `patternProperties` keywords compile to {@link LinearRegExp}s, so validating an
 * input against a hostile schema takes linear time. A pattern the engine does not support makes
 * the schema fail to compile, saying so.
 */
const linearRegExpEngine: NonNullable<CodeOptions['regExp']> = Object.assign(
  (pattern: string): LinearRegExp => LinearRegExp.compile(pattern),
  {
    // Only read by ajv's standalone code generation, which the executor does not use.
    code: 'LinearRegExp.compile',
  },
);

/**
 * Formats class-validator-jsonschema emits that ajv-formats does not define. class-validator
 * itself enforces them (a DTO using one is validated by class-validator too), so ajv only has
 * to accept the keyword.
 */
const CLASS_VALIDATOR_ONLY_FORMATS = [
  'base64',
  'credit-card',
  'currency',
  'isbn',
  'isin',
  'json',
  'mobile-phone',
] as const;

/**
 * A new ajv instance for a strictness: never coerces, never removes or defaults, reports every
 * error. `lenient` (schemas written by others: remote MCP servers) compiles `pattern` and
 * `patternProperties` with the linear-time engine; `strict` (schemas of the host's own tools)
 * keeps JavaScript's `RegExp`, which class-validator runs on the same input anyway for a DTO's
 * `@Matches`, and which supports lookaround there. `validateSchema: false` skips the meta-schema
 * check (its validator costs tens of milliseconds to compile per instance): the caller checks.
 */
export function createAjv(strictness: SchemaStrictness, options: { readonly validateSchema?: boolean } = {}): Ajv {
  const ajv = new Ajv({
    strict: strictness === 'strict',
    allErrors: true,
    coerceTypes: false,
    useDefaults: false,
    removeAdditional: false,
    logger: false,
    // Tools are compiled by object, not looked up by `$id`: two tools (or a reload) may share one.
    addUsedSchema: false,
    validateSchema: options.validateSchema ?? true,
    ...(strictness === 'lenient' ? { code: { regExp: linearRegExpEngine } } : {}),
  });
  addFormatsModule.default(ajv);
  // ajv-formats' own `url` expression takes quadratic time on a backtracking engine (tool inputs come from models)
  ajv.addFormat('url', linearUrlFormat);
  for (const format of CLASS_VALIDATOR_ONLY_FORMATS) ajv.addFormat(format, true);
  return ajv;
}
