import { describe, expect, it } from '@jest/globals';
import { ToolDefinitionError, type JsonObject } from '../../src/index.js';
import { SchemaCompiler } from '../../src/internal/index.js';

const withPattern = (pattern: string): JsonObject => ({
  type: 'object',
  properties: { s: { type: 'string', pattern } },
});

function compileError(compile: () => unknown): { readonly name: string; readonly message: string } {
  try {
    compile();
  } catch (error) {
    if (!(error instanceof ToolDefinitionError)) throw error;
    return { name: error.name, message: error.message };
  }
  throw new Error('expected the schema not to compile');
}

describe(SchemaCompiler.name, () => {
  describe('.compile', () => {
    it('runs lenient (remote) patterns on the linear-time engine, with JavaScript syntax and Unicode', () => {
      const validate = new SchemaCompiler().compile(
        {
          type: 'object',
          properties: {
            word: { type: 'string', pattern: '^\\p{L}+\\u0021?$' },
            count: { type: 'string', pattern: '^\\d{1,3}$' },
          },
          patternProperties: { '^x-[a-z]+$': { type: 'number' } },
        },
        'remote tool',
        'input',
        'lenient',
      );
      expect([
        validate({ word: 'Grüße!' }),
        validate({ word: 'two words' }),
        validate({ count: '123' }),
        validate({ count: '1234' }),
      ]).toStrictEqual([true, false, true, false]);
      expect([validate({ 'x-size': 1 }), validate({ 'x-size': 'big' })]).toStrictEqual([true, false]);
    });

    it.each([
      ['^(?=a)', 'a lookahead "(?=..."'],
      ['(?<!a)b', 'a negative lookbehind "(?<!..."'],
      ['(a)\\1', 'a backreference "\\1"'],
    ])(
      'refuses a lenient schema whose pattern %s the linear-time engine does not support, naming it',
      (pattern, construct) => {
        expect(
          compileError(() =>
            new SchemaCompiler().compile(withPattern(pattern), 'mcp server x (tool "t")', 'input', 'lenient'),
          ),
        ).toStrictEqual({
          name: 'ToolDefinitionError',
          message: expect.stringContaining(
            `mcp server x (tool "t"): its input schema does not compile: the pattern ${JSON.stringify(pattern)} uses ${construct}, which the linear-time regular expression engine (RE2 syntax) does not support`,
          ),
        });
      },
    );

    it('refuses a lenient patternProperties key the linear-time engine does not support', () => {
      expect(
        compileError(() =>
          new SchemaCompiler().compile(
            { type: 'object', patternProperties: { '^(?!x)': { type: 'string' } } },
            'remote tool',
            'input',
            'lenient',
          ),
        ).message,
      ).toContain('uses a negative lookahead');
    });

    it("keeps JavaScript's RegExp for strict schemas, the host's own (lookaround included)", () => {
      const validate = new SchemaCompiler().compile(withPattern('^(?=.*\\d)\\w+$'), 'class Local', 'input', 'strict');
      expect([validate({ s: 'abc1' }), validate({ s: 'abc' })]).toStrictEqual([true, false]);
    });

    it('checks schemas against the draft-07 meta-schema', () => {
      expect(
        compileError(() =>
          new SchemaCompiler().compile(
            { type: 'object', properties: { s: { type: 'text' } } },
            'remote tool',
            'input',
            'lenient',
          ),
        ).message,
      ).toContain(
        'its input schema does not compile: schema is invalid: data/properties/s/type must be equal to one of the allowed values',
      );
    });

    it('compiles each schema object once', () => {
      const compiler = new SchemaCompiler();
      const schema = withPattern('^a$');
      expect(compiler.compile(schema, 'tool', 'input', 'lenient')).toBe(
        compiler.compile(schema, 'tool', 'input', 'lenient'),
      );
      expect(compiler.find(schema, 'lenient')).toBe(compiler.compile(schema, 'tool', 'input', 'lenient'));
      expect(compiler.find(schema, 'strict')).toBeUndefined();
    });
  });
});
