import type { JsonValue } from '../../index.js';
import type { JsonArray } from '../../internal/index.js';

/** True for a JSON array (typed as one, unlike `Array.isArray`'s `any[]`). */
export function isJsonArray(value: JsonValue | undefined): value is JsonArray {
  return Array.isArray(value);
}
