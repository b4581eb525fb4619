import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { compileSearchPattern } from '../../src/fs/walk/compileSearchPattern.js';
import { searchText, type LineMatch } from '../../src/fs/walk/searchText.js';

/** Pieces whose meaning RE2 and JavaScript's `RegExp` (flag `u`) share on the generated lines. */
const piece = fc.constantFrom(
  'a',
  'b',
  'é',
  'É',
  ' ',
  '.',
  '^',
  '$',
  '\\b',
  '\\B',
  '\\s',
  '\\w',
  'a*',
  'b+',
  'é?',
  '[ab]',
  '[^a]',
  '(a|b)',
  '(?:ab)+',
  'a{2}',
  '\\d',
);
const pattern = fc.array(piece, { minLength: 1, maxLength: 4 }).map((pieces) => pieces.join(''));
const line = fc.string({ unit: fc.constantFrom('a', 'b', 'é', 'É', ' ', '1'), maxLength: 12 });
const text = fc
  .tuple(fc.array(line, { maxLength: 6 }), fc.constantFrom('\n', '\r\n'), fc.boolean())
  .map(([lines, eol, final]) => lines.join(eol) + (final && lines.length > 0 ? eol : ''));

/** The reference: each line (without `\r`) tested alone by `RegExp`; an empty text has no line. */
function reference(source: string, ignoreCase: boolean, input: string): LineMatch[] {
  if (input === '') return [];
  const regExp = new RegExp(source, ignoreCase ? 'iu' : 'u');
  const lines = input.split('\n');
  if (input.endsWith('\n')) lines.pop();
  return lines.flatMap((candidate, index) => {
    const stripped = candidate.endsWith('\r') ? candidate.slice(0, -1) : candidate;
    return regExp.test(stripped) ? [{ line: index + 1, text: stripped }] : [];
  });
}

describe(searchText.name, () => {
  it('finds the lines RegExp finds line by line, plain, anchored, case-insensitive, with CRLF ends (fixed seed)', () => {
    fc.assert(
      fc.property(pattern, fc.boolean(), text, (source, ignoreCase, input) => {
        expect(searchText(input, compileSearchPattern(source, ignoreCase), 100)).toStrictEqual(
          reference(source, ignoreCase, input),
        );
      }),
      { seed: 9, numRuns: 3000 },
    );
  });
});
