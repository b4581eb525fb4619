import type { JsonObject, JsonValue } from '../../index.js';

/** True for a JSON object (a schema or a map of schemas), false for arrays, primitives and `undefined`. */
export function isSchemaObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
