import { describe, expect, it } from '@jest/globals';
import { splitCommandWords } from '../../src/permissions/splitCommandWords.js';

describe(splitCommandWords.name, () => {
  it.each([
    ['git status', ['git', 'status']],
    ['  git \t status\n -s  ', ['git', 'status', '-s']],
    ['', []],
    ['   ', []],
  ])('splits %j into %j', (text, expected) => {
    expect(splitCommandWords(text)).toStrictEqual(expected);
  });
});
