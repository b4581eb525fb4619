import { describe, expect, it } from '@jest/globals';
import { IsString, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { BasicToolExecutor, Tool, ToolRegistry, type JsonValue } from '../../src/index.js';
import { toClassTool } from '../fixtures/toClassTool.js';
import { createToolRequest } from '../../src/testing/index.js';
import { ALLOW_ALL, createExecutor } from '../fixtures/createExecutor.js';
import { plainTool } from '../fixtures/plainTool.js';

const STRICT_SCHEMA = {
  type: 'object',
  properties: {
    count: { type: 'integer', minimum: 1 },
    nested: {
      type: 'object',
      properties: { flag: { type: 'boolean' } },
      required: ['flag'],
      additionalProperties: false,
    },
  },
  required: ['count'],
  additionalProperties: false,
} as const;

function failedError(outcome: Awaited<ReturnType<BasicToolExecutor['execute']>>) {
  if (outcome.status !== 'failed') throw new Error(`expected failed, got ${outcome.status}`);
  return {
    code: outcome.error.code,
    details: outcome.error.details,
    invoked: outcome.invoked,
    message: outcome.error.message,
  };
}

describe(BasicToolExecutor.name, () => {
  describe('.execute (lookup and request shape)', () => {
    it('fails not_found, listing the available tools, without invoking anything', async () => {
      const tool = plainTool({ name: 'known' });
      const failure = failedError(await createExecutor([tool]).execute(createToolRequest('unknown')));
      expect(failure.code).toBe('not_found');
      expect(failure.invoked).toBe(false);
      expect(failure.message).toContain('Available tools: known');
      expect(tool.calls).toStrictEqual([]);
    });

    it('fails invalid_input for a malformed request instead of throwing', async () => {
      const executor = createExecutor([plainTool({ name: 'known' })]);
      const failure = failedError(await executor.execute({ toolName: 'known' } as never));
      expect(failure).toMatchObject({
        code: 'invalid_input',
        invoked: false,
        details: { reason: 'malformed_request' },
      });
    });
  });

  describe('.execute (schema validation)', () => {
    const tool = plainTool({ name: 'strict', inputSchema: STRICT_SCHEMA });
    const executor = createExecutor([tool]);

    it.each<[string, JsonValue]>([
      ['a number in a string (no coercion)', { count: '5' }],
      ['an unknown top-level key', { count: 1, extra: true }],
      ['an unknown nested key', { count: 1, nested: { flag: true, other: 1 } }],
      ['a missing required key', {}],
      ['a value below the minimum', { count: 0 }],
      ['a non-object input', 'count=1'],
    ])('rejects %s with invoked: false', async (_label, input) => {
      const failure = failedError(await executor.execute(createToolRequest('strict', input)));
      expect(failure.code).toBe('invalid_input');
      expect(failure.invoked).toBe(false);
      expect(tool.calls).toStrictEqual([]);
    });

    it('lists every failing field with its path and constraint', async () => {
      const failure = failedError(
        await executor.execute(createToolRequest('strict', { count: 'x', nested: { flag: 'no' }, extra: 1 })),
      );
      expect(failure.details).toStrictEqual({
        errors: [
          { path: '/extra', constraint: 'additionalProperties', message: 'unknown property "extra": remove it' },
          { path: '/count', constraint: 'type', message: 'must be integer' },
          { path: '/nested/flag', constraint: 'type', message: 'must be boolean' },
        ],
      });
      expect(failure.message).toContain('3 problems');
      expect(failure.message).toContain('/nested/flag: must be boolean');
    });

    it('does not modify the input it validates', async () => {
      const input = { count: 2 };
      const outcome = await executor.execute(createToolRequest('strict', input));
      expect(outcome.status).toBe('completed');
      expect(input).toStrictEqual({ count: 2 });
    });
  });

  describe('.execute (input limits)', () => {
    const tool = plainTool({ name: 'open' });
    const executor = createExecutor([tool]);

    it.each(['__proto__', 'constructor', 'prototype'])('rejects the key %s at any depth', async (key) => {
      const input = JSON.parse(`{"a":{"b":[{"${key}":{"polluted":true}}]}}`) as JsonValue;
      const failure = failedError(await executor.execute(createToolRequest('open', input)));
      expect(failure).toMatchObject({
        code: 'invalid_input',
        invoked: false,
        details: { reason: 'forbidden_key', key, path: '/a/b/0' },
      });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('rejects input nested deeper than 64 levels', async () => {
      let input: JsonValue = 'leaf';
      for (let i = 0; i < 70; i++) input = { d: input };
      const failure = failedError(await executor.execute(createToolRequest('open', input)));
      expect(failure).toMatchObject({ code: 'invalid_input', details: { reason: 'too_deep' } });
    });

    it('accepts input nested exactly 64 levels', async () => {
      let input: JsonValue = 'leaf';
      for (let i = 0; i < 63; i++) input = { d: input };
      expect((await executor.execute(createToolRequest('open', input))).status).toBe('completed');
    });

    it('rejects input over 1 MiB of JSON', async () => {
      const failure = failedError(await executor.execute(createToolRequest('open', { text: 'x'.repeat(1024 * 1024) })));
      expect(failure).toMatchObject({ code: 'invalid_input', details: { reason: 'too_large' } });
    });

    it('honours a larger limit a tool declares', async () => {
      const big = { ...plainTool({ name: 'big' }), maxInputBytes: 4 * 1024 * 1024 };
      const outcome = await createExecutor([big]).execute(
        createToolRequest('big', { text: 'x'.repeat(2 * 1024 * 1024) }),
      );
      expect(outcome.status).toBe('completed');
    });

    it.each<[string, unknown]>([
      ['undefined', { a: undefined }],
      ['a function', { a: () => 1 }],
      ['NaN', { a: Number.NaN }],
      ['Infinity', [Number.POSITIVE_INFINITY]],
      ['a class instance', { a: new Date(0) }],
    ])('rejects non-JSON input holding %s', async (_label, input) => {
      const fresh = plainTool({ name: 'fresh' });
      const failure = failedError(
        await createExecutor([fresh]).execute(createToolRequest('fresh', input as JsonValue)),
      );
      expect(failure).toMatchObject({ code: 'invalid_input', invoked: false, details: { reason: 'not_json' } });
      expect(fresh.calls).toStrictEqual([]);
    });
  });

  describe('.execute (DTO constraints ajv cannot express)', () => {
    @ValidatorConstraint({ name: 'isPalindrome' })
    class IsPalindrome implements ValidatorConstraintInterface {
      public validate(value: unknown): boolean {
        return typeof value === 'string' && value === Array.from(value).reverse().join('');
      }
      public defaultMessage(): string {
        return 'word must read the same backwards';
      }
    }
    class PalindromeInput {
      @IsString()
      @Validate(IsPalindrome)
      public word!: string;
    }
    let invoked = 0;
    @Tool({ name: 'palindrome', description: 'Accepts palindromes.', input: PalindromeInput })
    class PalindromeTool {
      public invoke(input: PalindromeInput): string {
        invoked += 1;
        return input.word;
      }
    }
    const executor = new BasicToolExecutor({
      registry: new ToolRegistry().register(toClassTool(new PalindromeTool())),
      permissions: ALLOW_ALL,
    });

    it('runs class-validator after ajv and refuses before the body runs', async () => {
      const failure = failedError(await executor.execute(createToolRequest('palindrome', { word: 'agent' })));
      expect(failure).toMatchObject({
        code: 'invalid_input',
        invoked: false,
        details: {
          errors: [{ path: '/word', constraint: 'isPalindrome', message: 'word must read the same backwards' }],
        },
      });
      expect(invoked).toBe(0);
    });

    it('passes an instance of the input class to invoke when valid', async () => {
      const outcome = await executor.execute(createToolRequest('palindrome', { word: 'level' }));
      expect(outcome).toMatchObject({
        status: 'completed',
        result: { result: { output: { type: 'text', text: 'level' } } },
      });
      expect(invoked).toBe(1);
    });
  });
});
