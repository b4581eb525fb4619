import { describe, expect, it } from '@jest/globals';
import { ToolDefinitionError, ToolRegistry } from '../../src/index.js';
import { plainTool } from '../fixtures/plainTool.js';

const DRAFT_2020 = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { a: { type: 'string' } },
};

describe(ToolRegistry.name, () => {
  describe('.register (schemas written by others)', () => {
    it('compiles a lenient tool whose schema declares draft 2020-12', () => {
      const tool = {
        ...plainTool({ name: 'remote_2020', inputSchema: { ...DRAFT_2020 } }),
        schemaStrictness: 'lenient' as const,
      };
      const entry = new ToolRegistry().register(tool).getEntry('remote_2020');
      expect(entry?.validateInput({ a: 'x' })).toBe(true);
      expect(entry?.validateInput({ a: 1 })).toBe(false);
    });

    it('still refuses the unknown meta-schema in strict mode', () => {
      expect(() =>
        new ToolRegistry().register(plainTool({ name: 'strict_2020', inputSchema: { ...DRAFT_2020 } })),
      ).toThrow(ToolDefinitionError);
    });
  });
});
