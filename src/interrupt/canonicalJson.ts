import { stringifyJson } from '../values/stringifyJson.js';

/**
 * JSON text with object keys sorted (by code unit) at every level: equal values always give
 * equal text, whatever the key order they were built with (what approval and input bindings,
 * and the approval pages' same-call check, compare).
 * @internal
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return stringifyJson(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}
