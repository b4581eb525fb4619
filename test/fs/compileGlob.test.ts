import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import picomatch from 'picomatch';
import { compileGlob } from '../../src/fs/walk/compileGlob.js';

const globPiece = fc.constantFrom(
  '*',
  '**',
  '?',
  'a',
  'b',
  '.',
  '/',
  '**/',
  '/**',
  '{a,b}',
  '{a,.b}',
  '[ab]',
  '[!a]',
  '.git',
  '*.ts',
  'a.ts',
  '+(a)',
  '@(a|b)',
);
const namePiece = fc.constantFrom('a', 'b', '.', 'ts', '.git', 'x', 'a.ts', '.b');
const segment = fc
  .array(namePiece, { minLength: 1, maxLength: 3 })
  .map((pieces) => pieces.join(''))
  .filter((name) => name !== '.' && name !== '..');
/** What a walker hands over: a relative path of real names. */
const walkerPath = fc.array(segment, { minLength: 1, maxLength: 4 }).map((segments) => segments.join('/'));

describe(compileGlob.name, () => {
  it('matches walker paths exactly as picomatch does (dot: true)', () => {
    fc.assert(
      fc.property(
        fc.array(globPiece, { minLength: 1, maxLength: 5 }).map((pieces) => pieces.join('')),
        fc.array(walkerPath, { minLength: 1, maxLength: 5 }),
        (glob, paths) => {
          const reference = picomatch(glob, { dot: true });
          const ours = compileGlob(glob);
          expect(paths.map(ours)).toStrictEqual(paths.map((candidate) => reference(candidate)));
        },
      ),
      { numRuns: 3000, seed: 9 },
    );
  });
});
