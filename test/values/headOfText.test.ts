import { describe, expect, it } from '@jest/globals';
import { headOfText } from '../../src/values/headOfText.js';

describe(headOfText.name, () => {
  it('cuts at the length, before the high half of a pair, never past the text', () => {
    expect(headOfText('abcdef', 3)).toBe('abc');
    expect(headOfText('ab😀cd', 3)).toBe('ab');
    expect(headOfText('ab😀cd', 4)).toBe('ab😀');
    expect(headOfText('abc', 10)).toBe('abc');
    expect(headOfText('abc', 0)).toBe('');
    expect(headOfText('😀', 1)).toBe('');
  });
});
