import type { JsonObject, JsonValue } from '../../index.js';
import type { StandardJsonSchema } from './AiSdkTool.js';

/**
 * `schema` as a Standard Schema with a JSON Schema converter, which the AI SDK accepts wherever
 * it takes a schema. It validates nothing: the executor validates every call (strictly, with
 * its own limits) and answers invalid input with an `invalid_input` result the model can read.
 * Each conversion hands out a copy (the SDK edits what it gets).
 */
export function buildStandardJsonSchema(schema: JsonObject): StandardJsonSchema {
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
