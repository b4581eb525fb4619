import { describe, expect, it } from '@jest/globals';
import type { JsonObject } from '../../src/index.js';
import { buildStrictSchema } from '../../src/providers/index.js';
import { getStrictSchemaProblems } from './fixtures/getSchemaProblems.js';

describe(buildStrictSchema.name, () => {
  it('keeps descriptions, reads oneOf as anyOf, folds a single allOf, drops unsupported keywords and formats', () => {
    const schema: JsonObject = {
      type: 'object',
      description: 'Root.',
      properties: {
        id: { type: 'string', format: 'uuid', minLength: 36, description: 'The id.' },
        url: { type: 'string', format: 'uri', default: 'x' },
        choice: { oneOf: [{ type: 'string' }, { type: 'integer' }], description: 'Either.' },
        base: {
          allOf: [{ type: 'object', properties: { a: { type: 'number', exclusiveMinimum: 0 } }, required: ['a'] }],
          description: 'Merged.',
        },
        fixed: { const: 'v1' },
      },
      required: ['id', 'choice'],
    };
    const strict = buildStrictSchema(schema);
    expect(strict).toStrictEqual({
      type: 'object',
      description: 'Root.',
      properties: {
        id: { type: 'string', description: 'The id.', format: 'uuid' },
        url: { type: ['string', 'null'] },
        choice: { description: 'Either.', anyOf: [{ type: 'string' }, { type: 'integer' }] },
        base: {
          type: ['object', 'null'],
          description: 'Merged.',
          properties: { a: { type: 'number', exclusiveMinimum: 0 } },
          required: ['a'],
          additionalProperties: false,
        },
        fixed: { anyOf: [{ const: 'v1' }, { type: 'null' }] },
      },
      required: ['id', 'url', 'choice', 'base', 'fixed'],
      additionalProperties: false,
    });
    expect(getStrictSchemaProblems(strict ?? {})).toStrictEqual([]);
  });

  it.each<[string, JsonObject]>([
    [
      'a free-form map',
      { type: 'object', properties: { env: { type: 'object', additionalProperties: { type: 'string' } } } },
    ],
    ['an open object', { type: 'object', properties: { data: { type: 'object' } }, additionalProperties: true }],
    [
      'a recursive reference',
      {
        type: 'object',
        properties: { tree: { $ref: '#/$defs/node' } },
        $defs: {
          node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } } },
        },
      },
    ],
    ['an array without items', { type: 'object', properties: { list: { type: 'array' } } }],
    ['an empty property schema', { type: 'object', properties: { anything: {} } }],
    [
      'allOf of several schemas',
      { type: 'object', properties: { both: { allOf: [{ type: 'object' }, { type: 'object' }] } } },
    ],
    ['a root that is not an object', { type: 'string' }],
    ['a root anyOf', { anyOf: [{ type: 'object' }, { type: 'object' }] }],
  ])('has no strict form for %s (the tool is then declared non-strict)', (_label, schema) => {
    expect(buildStrictSchema(schema)).toBeUndefined();
  });
});
