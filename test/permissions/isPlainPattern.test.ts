import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import picomatch from 'picomatch';
import { isPlainPattern, POLICY_GLOB_OPTIONS } from '../../src/permissions/CompiledPolicyRule.js';

const segment = fc
  .string({
    unit: fc.constantFrom('a', 'B', '0', '_', '.', ':', '@', '+', ',', '=', '~', '-'),
    minLength: 1,
    maxLength: 6,
  })
  .filter((text) => text !== '.' && text !== '..');
const plainPattern = fc
  .tuple(fc.boolean(), fc.array(segment, { minLength: 1, maxLength: 4 }))
  .map(([absolute, segments]) => `${absolute ? '/' : ''}${segments.join('/')}`);
const text = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', 'B', '/', '.', '\\', '_', '-', ':', '@', '0', '~', '+', '*'), maxLength: 12 }),
  plainPattern,
);
const insertion = fc.constantFrom('', '/', './', '//', '/.', '.', '\\', '/..', '*', 'b');

describe(isPlainPattern.name, () => {
  it('accepts literal paths and targets, and nothing picomatch reads as syntax', () => {
    expect(['/repo/src/a.ts', 'bench/echo', '/repo/.git/config', 'docs/read_file', 'a.b-c'].every(isPlainPattern)).toBe(
      true,
    );
    expect(
      [
        '/repo/**',
        'a/*.ts',
        'a/{b,c}',
        '!a',
        'a//b',
        'a/',
        './a',
        'a/../b',
        'a/./b',
        '',
        '/',
        'a\\*b',
        'a?',
        '@(a)',
        'a[bc]',
        'a b',
      ].some(isPlainPattern),
    ).toBe(false);
  });

  it('picks only patterns that picomatch matches against exactly themselves', () => {
    const compile = (pattern: string) => picomatch(pattern, POLICY_GLOB_OPTIONS);
    fc.assert(
      fc.property(plainPattern, text, (pattern, candidate) => {
        expect(isPlainPattern(pattern)).toBe(true);
        expect(compile(pattern)(candidate)).toBe(candidate === pattern);
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(plainPattern, insertion, fc.nat(24), (pattern, extra, at) => {
        const index = Math.min(at, pattern.length);
        const candidate = `${pattern.slice(0, index)}${extra}${pattern.slice(index)}`;
        expect(compile(pattern)(candidate)).toBe(candidate === pattern);
      }),
      { numRuns: 3000 },
    );
  });
});
