import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { MAX_DISPLAY_LENGTH, quoteForDisplay } from '../../src/internal/index.js';

describe(quoteForDisplay.name, () => {
  it('quotes short text whole', () => {
    expect(quoteForDisplay('git status "a b"')).toBe('"git status \\"a b\\""');
  });

  it('keeps text of exactly the limit whole', () => {
    expect(quoteForDisplay('a'.repeat(MAX_DISPLAY_LENGTH))).toBe(`"${'a'.repeat(MAX_DISPLAY_LENGTH)}"`);
  });

  it('says how many characters it left out, outside the quotes', () => {
    expect(quoteForDisplay(`${'a'.repeat(200)}; rm -rf ~`)).toBe(`"${'a'.repeat(200)}"… [10 more characters]`);
    expect(quoteForDisplay('b'.repeat(1_434))).toBe(`"${'b'.repeat(200)}"… [1,234 more characters]`);
  });

  it('takes a limit of its own', () => {
    expect(quoteForDisplay('abcdef', 4)).toBe('"abcd"… [2 more characters]');
  });

  it('never splits a surrogate pair', () => {
    expect(quoteForDisplay(`${'a'.repeat(199)}😀tail`)).toBe(`"${'a'.repeat(199)}"… [6 more characters]`);
  });

  it('cannot be faked by the text: a marker inside the text stays inside the quotes', () => {
    expect(quoteForDisplay('ls"… [0 more characters]; touch x', 200)).toBe('"ls\\"… [0 more characters]; touch x"');
  });

  it('accounts for every character: shown + left out = the whole text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.integer({ min: 2, max: 300 }), (text, max) => {
        const quoted = quoteForDisplay(text, max);
        const match = /^(".*")(?:… \[([\d,]+) more characters\])?$/su.exec(quoted);
        expect(match).not.toBeNull();
        const shown = JSON.parse(match?.[1] ?? '""') as string;
        const omitted = Number((match?.[2] ?? '0').replaceAll(',', ''));
        expect(shown + text.slice(shown.length)).toBe(text);
        expect(shown.length + omitted).toBe(text.length);
        expect(shown.length).toBeLessThanOrEqual(max);
      }),
      { seed: 9, numRuns: 300 },
    );
  });
});
