import type { SchemaStrictness } from './SchemaStrictness.js';
import type { JsonObject } from '../values/JsonValue.js';
import type { SchemaValidator } from '../metadata/SchemaValidator.js';
import { SchemaCompiler } from './SchemaCompiler.js';

/** The process-wide compiler: `@Tool` classes, which live as long as the process. */
const shared = new SchemaCompiler({ shared: true });

/**
 * Compiles a JSON Schema once (cached per schema object) with the process-wide ajv instance,
 * which keeps it for good: for the schemas of `@Tool` classes. Schemas that come and go compile
 * in a {@link SchemaCompiler} their owner drops.
 * @throws ToolDefinitionError naming `subject` when the schema does not compile.
 */
export function compileSchema(
  schema: JsonObject,
  subject: string,
  which: 'input' | 'output',
  strictness: SchemaStrictness = 'strict',
): SchemaValidator {
  return shared.compile(schema, subject, which, strictness);
}

/**
 * Like {@link compileSchema}, compiled on the first validation instead (see
 * `SchemaCompiler.defer`): for the built-in tools' schemas, which the package's tests compile.
 */
export function deferSchema(schema: JsonObject, subject: string, which: 'input' | 'output'): SchemaValidator {
  return shared.defer(schema, subject, which);
}

/** The validator {@link compileSchema} already compiled for this schema object, if any. */
export function findCompiledSchema(
  schema: JsonObject,
  strictness: SchemaStrictness = 'strict',
): SchemaValidator | undefined {
  return shared.find(schema, strictness);
}
