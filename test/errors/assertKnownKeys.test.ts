import { describe, expect, it } from '@jest/globals';
import { ToolConfigurationError } from '../../src/index.js';
import { assertKnownKeys } from '../../src/internal/index.js';

function errorOf(run: () => void): unknown {
  try {
    run();
  } catch (error: unknown) {
    return error;
  }
  return undefined;
}

describe(assertKnownKeys.name, () => {
  it('accepts an object with known keys only, or none', () => {
    expect(
      errorOf(() => {
        assertKnownKeys({ a: 1, b: undefined }, ['a', 'b', 'c'], 'f(options)');
      }),
    ).toBeUndefined();
    expect(
      errorOf(() => {
        assertKnownKeys({}, [], 'f(options)');
      }),
    ).toBeUndefined();
  });

  it('throws ToolConfigurationError naming the subject, the unknown key and the known ones', () => {
    const error = errorOf(() => {
      assertKnownKeys({ a: 1, timeout: 5 }, ['a', 'timeoutMs'], 'f(options)');
    });

    expect(error).toBeInstanceOf(ToolConfigurationError);
    expect({ name: (error as Error).name, message: (error as Error).message }).toStrictEqual({
      name: 'ToolConfigurationError',
      message: 'f(options) has an unknown key "timeout". Use only "a", "timeoutMs" (check the spelling).',
    });
  });

  it('counts a key set to undefined as present, and quotes odd keys', () => {
    expect(
      (
        errorOf(() => {
          assertKnownKeys({ 'a"b': undefined }, ['a'], 'f(options)');
        }) as Error
      ).message,
    ).toBe('f(options) has an unknown key "a\\"b". Use only "a" (check the spelling).');
  });

  it('ignores inherited keys', () => {
    expect(
      errorOf(() => {
        assertKnownKeys(Object.create({ inherited: 1 }) as object, [], 'f(options)');
      }),
    ).toBeUndefined();
  });
});
