import type { JsonObject } from '../../index.js';

/** A copy of `value` without `keys`. */
export function omitKeys(value: JsonObject, keys: readonly string[]): JsonObject {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}
