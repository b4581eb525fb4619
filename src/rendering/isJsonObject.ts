import type { JsonObject, JsonValue } from '../values/JsonValue.js';

/** Whether `value` is a JSON object (not an array, not null). */
export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
