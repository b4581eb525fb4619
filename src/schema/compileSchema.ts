import type { ValidateFunction } from 'ajv';
import type { SchemaStrictness } from './SchemaStrictness.js';
import type { JsonObject } from '../values/JsonValue.js';
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
): ValidateFunction {
  return shared.compile(schema, subject, which, strictness);
}

/** The validator {@link compileSchema} already compiled for this schema object, if any. */
export function findCompiledSchema(
  schema: JsonObject,
  strictness: SchemaStrictness = 'strict',
): ValidateFunction | undefined {
  return shared.find(schema, strictness);
}
