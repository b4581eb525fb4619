import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { isToolName, toToolName, ToolDefinitionError } from '../../src/index.js';
import { getToolNameProblem } from '../../src/internal/index.js';
import {
  candidateArbitrary,
  grammarStringArbitrary,
  isValidByReference,
  validToolNameArbitrary,
} from './toolNameArbitraries.js';

/** The provider-safe spelling adapters use: `.` becomes `__`. */
function toProviderName(name: string): string {
  return name.replaceAll('.', '__');
}

function fromProviderName(name: string): string {
  return name.replaceAll('__', '.');
}

function throwsDefinitionError(run: () => unknown): boolean {
  try {
    run();
    return false;
  } catch (error) {
    if (error instanceof ToolDefinitionError) return true;
    throw error;
  }
}

describe('ToolName (properties)', () => {
  describe('.isToolName', () => {
    it('accepts every string the grammar produces within 64 characters', () => {
      fc.assert(
        fc.property(validToolNameArbitrary, (name) => {
          expect(isToolName(name)).toBe(true);
          expect(getToolNameProblem(name)).toBeUndefined();
        }),
      );
    });

    it('accepts a grammar string exactly when it is at most 64 characters long', () => {
      fc.assert(
        fc.property(grammarStringArbitrary, (name) => {
          expect(isToolName(name)).toBe(name.length <= 64);
        }),
      );
    });

    it('agrees with getToolNameProblem on any string', () => {
      fc.assert(
        fc.property(candidateArbitrary, (value) => {
          expect(isToolName(value)).toBe(getToolNameProblem(value) === undefined);
        }),
      );
    });

    it('agrees with an independent statement of the rule on any string', () => {
      fc.assert(
        fc.property(candidateArbitrary, (value) => {
          expect(isToolName(value)).toBe(isValidByReference(value));
        }),
      );
    });
  });

  describe('provider name mapping', () => {
    it('never meets "__" in a valid name', () => {
      fc.assert(
        fc.property(validToolNameArbitrary, (name) => {
          expect(name.includes('__')).toBe(false);
        }),
      );
    });

    it('maps "." to "__" and back to the same name', () => {
      fc.assert(
        fc.property(validToolNameArbitrary, (name) => {
          expect(fromProviderName(toProviderName(name))).toBe(name);
        }),
      );
    });

    it('maps distinct valid names to distinct provider names', () => {
      fc.assert(
        fc.property(validToolNameArbitrary, validToolNameArbitrary, (a, b) => {
          fc.pre(a !== b);
          expect(toProviderName(a)).not.toBe(toProviderName(b));
        }),
      );
    });

    it('leaves no "." in a provider name', () => {
      fc.assert(
        fc.property(validToolNameArbitrary, (name) => {
          expect(toProviderName(name).includes('.')).toBe(false);
        }),
      );
    });
  });

  describe('.toToolName', () => {
    it('throws ToolDefinitionError exactly when the name is invalid', () => {
      fc.assert(
        fc.property(candidateArbitrary, (value) => {
          expect(throwsDefinitionError(() => toToolName(value))).toBe(!isValidByReference(value));
        }),
      );
    });

    it('returns every valid name unchanged', () => {
      fc.assert(
        fc.property(validToolNameArbitrary, (name) => {
          expect(toToolName(name)).toBe(name);
        }),
      );
    });
  });
});
