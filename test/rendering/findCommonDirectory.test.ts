import { describe, expect, it } from '@jest/globals';
import { findCommonDirectory, toDisplayPath } from '../../src/rendering/findCommonDirectory.js';

describe(findCommonDirectory.name, () => {
  it.each<[readonly string[], string | undefined]>([
    [[], undefined],
    [['/w/src/a.ts'], '/w/src'],
    [['/w/src/a.ts', '/w/src/b.ts'], '/w/src'],
    [['/w/src/a.ts', '/w/test/b.ts'], '/w'],
    // A sibling whose name starts like the other is not inside it.
    [['/w/src/a.ts', '/w/src2/b.ts'], '/w'],
    [['/a', '/b'], '/'],
    [['/w/src', '/w/src/a.ts'], '/w'],
  ])('finds the deepest directory holding %p: %p', (paths, expected) => {
    expect(findCommonDirectory(paths)).toBe(expected);
  });
});

describe(toDisplayPath.name, () => {
  it.each<[string, string | undefined, string]>([
    ['/w/src/a.ts', '/w', 'src/a.ts'],
    ['/w', '/w', '.'],
    ['/a', '/', 'a'],
    ['/w2/a.ts', '/w', '/w2/a.ts'],
    ['/x/a.ts', '/w', '/x/a.ts'],
    ['/w/a.ts', undefined, '/w/a.ts'],
  ])('shows %p relative to %p as %p', (path, root, expected) => {
    expect(toDisplayPath(path, root)).toBe(expected);
  });
});
