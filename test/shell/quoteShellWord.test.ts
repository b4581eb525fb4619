import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { parseShellCommand } from '../../src/shell/index.js';
import { quoteShellWord } from '../../src/shell/parsing/quoteShellWord.js';

describe(quoteShellWord.name, () => {
  it.each([
    ['status', 'status'],
    ['a b', "'a b'"],
    ["it's", "'it'\\''s'"],
    ['', "''"],
    ['$(rm x)', "'$(rm x)'"],
    ['\\ ', "'\\ '"],
  ])('%j -> %s', (word, quoted) => {
    expect(quoteShellWord(word)).toBe(quoted);
  });

  it('reads a quoted backslash and blank back without a risk (a counterexample CI found)', async () => {
    const analysis = await parseShellCommand(`echo ${quoteShellWord('\\ ')} ${quoteShellWord('')}`);
    expect(analysis.subcommands).toStrictEqual([['echo', '\\ ', '']]);
    expect(analysis.risks).toStrictEqual([]);
  });

  it('quotes every word so the parser reads it back unchanged (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.string({ unit: 'grapheme-ascii', maxLength: 12 }).filter((word) => !word.includes('\0')),
          { minLength: 1, maxLength: 4 },
        ),
        async (words) => {
          const analysis = await parseShellCommand(['echo', ...words].map(quoteShellWord).join(' '));
          expect(analysis.subcommands).toStrictEqual([['echo', ...words]]);
          expect(analysis.risks).toStrictEqual([]);
        },
      ),
    );
  });
});
