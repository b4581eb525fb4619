import type { FlexibleSchema } from 'ai';
import type { JsonObject, JsonValue } from '../index.js';

/**
 * `schema` as a Standard Schema with a JSON Schema converter (standardschema.dev), which the
 * AI SDK accepts wherever it takes a schema, so this entry needs no runtime import of `ai`.
 * It validates nothing: the executor validates every call (strictly, with its own limits) and
 * answers invalid input with an `invalid_input` result the model can read.
 */
export function buildStandardJsonSchema(schema: JsonObject): FlexibleSchema<JsonValue> {
  const copy = (): Record<string, unknown> => structuredClone(schema);
  return {
    '~standard': {
      version: 1,
      vendor: 'agentkit-tools-core',
      validate: (value: unknown) => ({ value: value as JsonValue }),
      jsonSchema: { input: copy, output: copy },
    },
  };
}
