import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ToolConfigurationError, ToolRegistry } from '../../src/index.js';
import { validToolNameArbitrary } from '../spec/toolNameArbitraries.js';
import { buildPlainTool } from './buildPlainTool.js';

const namesArbitrary = fc.uniqueArray(validToolNameArbitrary, { minLength: 1, maxLength: 12 });

/** The names together with two orders of them. */
const twoOrdersArbitrary = namesArbitrary.chain((names) =>
  fc.tuple(
    fc.shuffledSubarray(names, { minLength: names.length, maxLength: names.length }),
    fc.shuffledSubarray(names, { minLength: names.length, maxLength: names.length }),
  ),
);

function specNames(names: readonly string[]): string[] {
  return new ToolRegistry()
    .registerAll(names.map((name) => buildPlainTool(name)))
    .specs()
    .map((spec) => spec.name);
}

describe(`${ToolRegistry.name} (properties)`, () => {
  describe('.specs', () => {
    it('lists the same specs whatever the registration order', () => {
      fc.assert(
        fc.property(twoOrdersArbitrary, ([first, second]) => {
          expect(specNames(first)).toStrictEqual(specNames(second));
        }),
      );
    });

    it('lists every registered name once, in ascending code-unit order', () => {
      fc.assert(
        fc.property(twoOrdersArbitrary, ([order]) => {
          const expected = [...order].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          expect(specNames(order)).toStrictEqual(expected);
        }),
      );
    });
  });

  describe('.register', () => {
    it('rejects the second tool of any name', () => {
      fc.assert(
        fc.property(namesArbitrary, fc.nat(), (names, pick) => {
          const registry = new ToolRegistry().registerAll(names.map((name) => buildPlainTool(name)));
          const taken = names[pick % names.length] ?? '';
          expect(() => registry.register(buildPlainTool(taken))).toThrow(ToolConfigurationError);
        }),
      );
    });
  });
});
