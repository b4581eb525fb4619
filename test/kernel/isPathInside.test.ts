import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import path from 'node:path';
import { getPathInside, isPathInside } from '../../src/kernel/index.js';

describe(isPathInside.name, () => {
  it.each<[string, string, boolean]>([
    ['/root', '/root', true],
    ['/root', '/root/a', true],
    ['/root', '/root/a/b', true],
    // A sibling whose name starts like the root is not inside it (CVE-2025-53110).
    ['/root', '/root_evil', false],
    ['/root', '/root_evil/a', false],
    ['/root', '/', false],
    ['/root/a', '/root', false],
    ['/', '/', true],
    ['/', '/anything', true],
  ])('isPathInside(%p, %p) is %p', (root, candidate, expected) => {
    expect(isPathInside(root, candidate)).toBe(expected);
  });

  it('agrees with path.relative on normalized absolute paths', () => {
    const segment = fc.constantFrom('a', 'b', 'ab', 'a_b', '..x', 'x.');
    const absolute = fc.array(segment, { maxLength: 4 }).map((segments) => path.resolve('/', ...segments));
    fc.assert(
      fc.property(absolute, absolute, (root, candidate) => {
        const rel = path.relative(root, candidate);
        const expected = rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
        expect(isPathInside(root, candidate)).toBe(expected);
        expect(getPathInside(root, candidate)).toBe(expected ? rel : undefined);
      }),
    );
  });
});

describe(getPathInside.name, () => {
  it.each<[string, string, string | undefined]>([
    ['/root', '/root', ''],
    ['/root', '/root/a/b', 'a/b'],
    ['/', '/a', 'a'],
    ['/root', '/root_evil/a', undefined],
    ['/root', '/other', undefined],
  ])('getPathInside(%p, %p) is %p', (root, candidate, expected) => {
    expect(getPathInside(root, candidate)).toBe(expected);
  });
});
