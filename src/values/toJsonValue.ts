import type { JsonValue } from './JsonValue.js';
import { stringifyJson } from './stringifyJson.js';

function isPlainJson(value: unknown, depth: number): boolean {
  if (depth > 256) return false;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (value === null) return true;
      // Loops rather than `every`: a result can hold 100,000 objects (fs_grep's matches).
      if (Array.isArray(value)) {
        for (const item of value as unknown[]) if (!isPlainJson(item, depth + 1)) return false;
        return true;
      }
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return false;
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) if (!isPlainJson(record[key], depth + 1)) return false;
      return true;
    }
    case 'bigint':
    case 'function':
    case 'symbol':
    case 'undefined':
      return false;
  }
}

/**
 * `value` as JSON: returned as is when it already is plain JSON; otherwise passed through
 * `JSON.stringify` (so `toJSON()` methods such as `Date`'s apply and `undefined` fields drop).
 * @returns `undefined` when the value cannot be represented (BigInt, cycles, a bare function).
 */
export function toJsonValue(value: unknown): JsonValue | undefined {
  if (isPlainJson(value, 0)) return value as JsonValue;
  try {
    const text = stringifyJson(value);
    return text === undefined ? undefined : (JSON.parse(text) as JsonValue);
  } catch {
    return undefined;
  }
}
