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

  it('escapes every character that moves, hides or reorders text, as \\uXXXX or \\n', () => {
    const hidden = [
      '\u001b',
      '\r',
      '\n',
      '\u0085',
      '\u009b',
      '\u007f',
      '\u200b',
      '\u200e',
      '\u200f',
      '\u202a',
      '\u202e',
      '\u2066',
      '\u2069',
      '\u2028',
      '\ufeff',
      '\u00a0',
      '\u3164',
      '\u034f',
      '\u{e0041}',
    ];
    expect(hidden.map((char) => quoteForDisplay(`a${char}b`))).toStrictEqual([
      String.raw`"a\u001bb"`,
      String.raw`"a\rb"`,
      String.raw`"a\nb"`,
      String.raw`"a\u0085b"`,
      String.raw`"a\u009bb"`,
      String.raw`"a\u007fb"`,
      String.raw`"a\u200bb"`,
      String.raw`"a\u200eb"`,
      String.raw`"a\u200fb"`,
      String.raw`"a\u202ab"`,
      String.raw`"a\u202eb"`,
      String.raw`"a\u2066b"`,
      String.raw`"a\u2069b"`,
      String.raw`"a\u2028b"`,
      String.raw`"a\ufeffb"`,
      String.raw`"a\u00a0b"`,
      String.raw`"a\u3164b"`,
      String.raw`"a\u034fb"`,
      String.raw`"a\udb40\udc41b"`,
    ]);
  });

  it('keeps visible text as it is: letters of any script, emoji, spaces', () => {
    expect(quoteForDisplay('héllo мир 日本 😀 a b')).toBe('"héllo мир 日本 😀 a b"');
  });

  it('shows a whole sentence on one line without quotes in the line form', () => {
    expect(quoteForDisplay('call "x"\n- and\u001b[2K more', Number.POSITIVE_INFINITY, 'line')).toBe(
      String.raw`call "x"\n- and\u001b[2K more`,
    );
    expect(quoteForDisplay('abcdef', 4, 'line')).toBe('abcd… [2 more characters]');
  });

  it('shows a value that is not a string as its JSON text', () => {
    expect(quoteForDisplay({ path: 'a\u202eb' }, Number.POSITIVE_INFINITY)).toBe(String.raw`{"path":"a\u202eb"}`);
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
