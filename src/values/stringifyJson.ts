/**
 * `JSON.stringify(value)` typed as it behaves: `undefined` for `undefined`, a function or a
 * symbol at the top (the standard library types the result as always a string).
 */
export function stringifyJson(value: unknown): string | undefined {
  return JSON.stringify(value);
}
