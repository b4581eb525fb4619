import type { JsonArray, JsonValue } from '../index.js';

/** True for a JSON array (typed as one, unlike `Array.isArray`'s `any[]`). */
export function isJsonArray(value: JsonValue | undefined): value is JsonArray {
  return Array.isArray(value);
}
