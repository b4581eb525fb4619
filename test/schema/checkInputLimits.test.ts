import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { checkInputLimits } from '../../src/schema/checkInputLimits.js';

/**
 * The counting rules `checkInputLimits` documents, written out plainly: a string is its length
 * plus its quotes, a number 8, a boolean 5, null 4; an array or object 2 for its brackets, then 1
 * per element or `key.length + 4` per member (quotes, colon, separator).
 */
function countedSize(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (typeof value === 'number') return 8;
  if (typeof value === 'boolean') return 5;
  if (value === null) return 4;
  if (Array.isArray(value)) return value.reduce<number>((size, item) => size + 1 + countedSize(item), 2);
  return Object.entries(value as Record<string, unknown>).reduce(
    (size, [key, item]) => size + key.length + 4 + countedSize(item),
    2,
  );
}

function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const items = Array.isArray(value) ? value : Object.values(value);
  return 1 + items.reduce<number>((deepest, item) => Math.max(deepest, depthOf(item)), 0);
}

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** JSON values without the reserved keys (those are refused whatever the size). */
const json = fc
  .jsonValue({ maxDepth: 5 })
  .filter((value) => !JSON.stringify(value).match(/"(__proto__|constructor|prototype)":/));

describe('checkInputLimits', () => {
  it('accepts an input of exactly maxBytes counted characters and refuses one character less', () => {
    fc.assert(
      fc.property(json, (value) => {
        const size = countedSize(value);
        const limits = { maxBytes: size, maxDepth: 64 };
        expect(checkInputLimits('t', value, limits)).toBeUndefined();
        const refused = checkInputLimits('t', value, { ...limits, maxBytes: size - 1 });
        expect(refused?.details).toMatchObject({ reason: 'too_large' });
      }),
      { numRuns: 300 },
    );
  });

  it('accepts an input exactly maxDepth deep and refuses it one level shallower', () => {
    fc.assert(
      fc.property(
        json.filter((value) => depthOf(value) > 0),
        (value) => {
          const depth = depthOf(value);
          expect(checkInputLimits('t', value, { maxBytes: 1 << 30, maxDepth: depth })).toBeUndefined();
          const refused = checkInputLimits('t', value, { maxBytes: 1 << 30, maxDepth: depth - 1 });
          expect(refused?.details).toMatchObject({ reason: 'too_deep' });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('names the path of the first reserved key, in any position', () => {
    fc.assert(
      fc.property(json, fc.constantFrom(...FORBIDDEN), fc.nat(3), (value, key, width) => {
        const members = Object.fromEntries(Array.from({ length: width }, (_, i) => [`k${i}`, value]));
        const input = JSON.parse(JSON.stringify({ outer: [value, { ...members, [key]: value }] })) as unknown;
        const refused = checkInputLimits('t', input, { maxBytes: 1 << 30, maxDepth: 64 });
        expect(refused?.details).toMatchObject({ reason: 'forbidden_key', key, path: '/outer/1' });
      }),
      { numRuns: 200 },
    );
  });

  it('escapes the path segments it names (JSON Pointer)', () => {
    const refused = checkInputLimits('t', { 'a/b': { 'c~d': [1, Number.NaN] } }, { maxBytes: 1 << 20, maxDepth: 64 });
    expect(refused?.details).toMatchObject({ reason: 'not_json', path: '/a~1b/c~0d/1' });
  });
});
