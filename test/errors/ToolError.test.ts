import { describe, expect, it } from '@jest/globals';
import { ToolError } from '../../src/errors/ToolError.js';

describe(ToolError.name, () => {
  describe('.toJSON', () => {
    it('round-trips through JSON with its code and details', () => {
      const error = new ToolError('invalid_input', 'bad', { errors: [{ path: '/a' }] });
      const parsed = ToolError.fromJSON(JSON.parse(JSON.stringify(error)) as ReturnType<ToolError['toJSON']>);
      expect(parsed.toJSON()).toStrictEqual(error.toJSON());
      expect(ToolError.is(parsed)).toBe(true);
    });
  });

  describe('.is', () => {
    it('rejects plain errors and lookalikes', () => {
      expect(ToolError.is(new Error('x'))).toBe(false);
      expect(ToolError.is({ code: 'internal', message: 'x' })).toBe(false);
      expect(ToolError.is(null)).toBe(false);
    });
  });
});
