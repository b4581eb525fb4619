import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { findRequiredLiteral } from '../../src/fs/walk/findRequiredLiteral.js';
import { LinearRegExp } from '../../src/internal/index.js';

/** Literal characters, syntax (JavaScript's and RE2's) and the escapes whose tails look like literals (`\x62` is `b`). */
const piece = fc.constantFrom(
  'a',
  'b',
  'ab',
  'c',
  ' ',
  '=',
  ';',
  '.',
  '^',
  '$',
  '|',
  '?',
  '*',
  '+',
  '+?',
  '{2}',
  '{0,2}',
  '{1,}',
  '(',
  ')',
  '(?:',
  '[ab]',
  '[^a]',
  '[]a]',
  '\\b',
  '\\d',
  '\\w',
  '\\.',
  '\\x62',
  '\\u0062',
  '\\u{62}',
  '\\cJ',
  '\\p{L}',
  '\\s',
  // RE2 syntax the engine takes beside JavaScript's.
  '[[:alpha:]',
  '[[:digit:]]',
  ']',
  '}',
  '{',
  '\\Q',
  '\\E',
  '(?i)',
  '(?P<n>',
  '\\pL',
);
const pattern = fc.array(piece, { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join(''));
const line = fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' ', '=', ';', '1', '.', '\n'), maxLength: 14 });

/** The engine fs_grep runs (re2js), case-sensitive: the oracle. */
function compiles(source: string): LinearRegExp | undefined {
  try {
    return LinearRegExp.compile(source);
  } catch {
    return undefined;
  }
}

describe(findRequiredLiteral.name, () => {
  it('names only text every line that the engine matches holds (fixed seed)', () => {
    let named = 0;
    fc.assert(
      fc.property(pattern, fc.array(line, { maxLength: 8 }), (source, lines) => {
        const regExp = compiles(source);
        const required = findRequiredLiteral(source);
        fc.pre(regExp !== undefined && required !== undefined);
        named++;
        const lacking = lines.filter((candidate) => regExp.test(candidate) && !candidate.includes(required));
        expect(lacking).toStrictEqual([]);
      }),
      { seed: 19, numRuns: 5000 },
    );
    // The property is not vacuous: many generated patterns have a literal.
    expect(named).toBeGreaterThan(500);
  });

  it.each([
    ['needle = [0-9]+;', 'needle = '],
    ['^export const \\w+ = \\d+;$', 'export const '],
    ['ab*c', 'a'],
    ['xa+y', 'xa'],
    ['a{2}bc', 'bc'],
    ['\\x41bcd', 'bcd'],
    ['(foo|bar)baz', 'baz'],
    ['[xyz]+quux', 'quux'],
  ])('reads %j as requiring %j', (source, expected) => {
    expect(findRequiredLiteral(source)).toBe(expected);
  });

  it.each(['foo|bar', '(?i)needle', 'a?', '.*', '\\Qab\\E*', '\\p{Greek}', '[[:alpha:]ab]', '(?i:ab)', 'aa{|'])(
    'names nothing for %j',
    (source) => {
      expect(findRequiredLiteral(source)).toBeUndefined();
    },
  );
});
