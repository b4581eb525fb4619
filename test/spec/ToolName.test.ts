import { describe, expect, it } from '@jest/globals';
import { isToolName } from '../../src/index.js';
import { getToolNameProblem, TOOL_NAME_MAX_LENGTH } from '../../src/internal/index.js';

const VALID_NAMES = [
  'fs_read_file',
  'mcp.github.search',
  'a',
  '0',
  'shell-exec',
  'a1.b2_c3-d4',
  'x'.repeat(64),
  `${'ab.'.repeat(20)}abcd`,
];

const INVALID_NAMES: readonly (readonly [string, string])[] = [
  ['empty', ''],
  ['65 characters', 'x'.repeat(65)],
  ['uppercase', 'Fs_read_file'],
  ['all uppercase', 'ECHO'],
  ['double underscore', 'fs__read'],
  ['double dot', 'a..b'],
  ['mixed separators in a row', 'a._b'],
  ['leading separator', '_echo'],
  ['leading dot', '.echo'],
  ['trailing separator', 'echo-'],
  ['trailing dot', 'echo.'],
  ['a lone separator', '-'],
  ['inner space', 'read file'],
  ['leading space', ' echo'],
  ['trailing newline', 'echo\n'],
  ['unicode letter', 'café'],
  ['unicode digit', 'tool٣'],
  ['slash', 'fs/read'],
  ['colon', 'mcp:github'],
];

describe('ToolName', () => {
  describe('.isToolName', () => {
    it.each(VALID_NAMES)('accepts %j', (name) => {
      expect(isToolName(name)).toBe(true);
    });

    it.each(INVALID_NAMES)('rejects a name with %s', (_label, name) => {
      expect(isToolName(name)).toBe(false);
    });

    it.each([undefined, null, 42, {}, ['echo']])('rejects the non-string %j', (value) => {
      expect(isToolName(value)).toBe(false);
    });
  });

  describe('.getToolNameProblem', () => {
    it.each(VALID_NAMES)('finds no problem with %j', (name) => {
      expect(getToolNameProblem(name)).toBeUndefined();
    });

    it.each(INVALID_NAMES)('finds a problem with a name with %s', (_label, name) => {
      expect(getToolNameProblem(name)).toStrictEqual(expect.any(String));
    });

    it('says the name is empty', () => {
      expect(getToolNameProblem('')).toBe('the name is empty');
    });

    it('gives the length and the limit of a name that is too long', () => {
      const name = 'x'.repeat(65);
      expect(getToolNameProblem(name)).toBe(`the name "${name}" is 65 characters long; the limit is 64`);
    });

    it('names the offending name and the allowed alphabet', () => {
      expect(getToolNameProblem('Echo')).toBe(
        'the name "Echo" is not lowercase ASCII letters and digits joined by single ".", "_" or "-"',
      );
    });

    it('names the type of a non-string', () => {
      expect(getToolNameProblem(42)).toBe('the name must be a string, got number');
    });
  });

  describe('TOOL_NAME_MAX_LENGTH', () => {
    it('is 64', () => {
      expect(TOOL_NAME_MAX_LENGTH).toBe(64);
    });
  });
});
