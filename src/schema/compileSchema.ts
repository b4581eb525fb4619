import type { ValidateFunction } from 'ajv';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import type { SchemaStrictness } from '../registry/Tool.js';
import type { JsonObject } from '../values/JsonValue.js';
import { getAjv } from './getAjv.js';

const compiled: Record<SchemaStrictness, WeakMap<JsonObject, ValidateFunction>> = {
  strict: new WeakMap(),
  lenient: new WeakMap(),
};

/**
 * A schema written by others may name a meta-schema this ajv instance does not load (draft
 * 2020-12, say); lenient compilation validates by its keywords and ignores the declaration.
 */
function withoutMetaSchema(schema: JsonObject): JsonObject {
  if (typeof schema.$schema !== 'string') return schema;
  return Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema'));
}

/**
 * Compiles a JSON Schema once (cached per schema object) with the shared ajv instance.
 * @throws ToolDefinitionError naming `subject` when the schema does not compile.
 */
export function compileSchema(
  schema: JsonObject,
  subject: string,
  which: 'input' | 'output',
  strictness: SchemaStrictness = 'strict',
): ValidateFunction {
  const cache = compiled[strictness];
  const cached = cache.get(schema);
  if (cached !== undefined) return cached;
  let validate: ValidateFunction;
  try {
    validate = getAjv(strictness).compile(strictness === 'lenient' ? withoutMetaSchema(schema) : schema);
  } catch (error) {
    throw new ToolDefinitionError(
      subject,
      `its ${which} schema does not compile: ${error instanceof Error ? error.message : String(error)}.`,
      'Give a valid JSON Schema (draft-07) without unknown keywords or formats, or a class-validator DTO class.',
      { cause: error },
    );
  }
  cache.set(schema, validate);
  return validate;
}
