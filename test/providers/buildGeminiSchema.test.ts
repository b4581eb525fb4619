import { describe, expect, it } from '@jest/globals';
import type { JsonObject } from '../../src/index.js';
import { buildGeminiSchema } from '../../src/providers/index.js';
import { getGeminiSchemaProblems } from './fixtures/getSchemaProblems.js';

describe(buildGeminiSchema.name, () => {
  it('reduces a schema using keywords outside the subset to the subset, noting dropped values in descriptions', () => {
    const schema: JsonObject = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        mode: { const: 'fast' },
        level: { enum: [1, 2, 3], description: 'Level' },
        version: { const: 2 },
        shape: {
          oneOf: [
            { $ref: '#/$defs/circle' },
            { type: 'object', properties: { side: { type: 'number' } }, additionalProperties: false },
          ],
        },
        both: {
          allOf: [
            { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
            { properties: { b: { type: 'integer' } } },
          ],
        },
        when: { type: 'string', format: 'date-time' },
        site: { type: 'string', format: 'uri' },
        note: { type: ['string', 'null'], description: 'A note.' },
        cabin: { enum: ['economy', 'business', null] },
        tree: { $ref: '#/$defs/node' },
        tuple: { type: 'array', prefixItems: [{ type: 'string' }], items: false },
      },
      required: ['mode', 'ghost'],
      additionalProperties: false,
      $defs: {
        circle: {
          type: 'object',
          properties: { radius: { type: 'number', exclusiveMinimum: 0 } },
          required: ['radius'],
        },
        node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } } },
      },
    };
    const gemini = buildGeminiSchema(schema);
    expect(gemini).toStrictEqual({
      type: 'object',
      properties: {
        mode: { enum: ['fast'] },
        level: { description: 'Level (one of [1,2,3])' },
        version: { description: 'must be 2' },
        shape: {
          anyOf: [
            { type: 'object', properties: { radius: { type: 'number' } }, required: ['radius'] },
            { type: 'object', properties: { side: { type: 'number' } } },
          ],
        },
        both: { type: 'object', properties: { b: { type: 'integer' }, a: { type: 'string' } }, required: ['a'] },
        when: { type: 'string', format: 'date-time' },
        site: { type: 'string' },
        note: { description: 'A note.', anyOf: [{ type: 'string' }, { type: 'null' }] },
        cabin: { anyOf: [{ type: 'string', enum: ['economy', 'business'] }, { type: 'null' }] },
        tree: { type: 'object', properties: { children: { type: 'array', items: {} } } },
        tuple: { type: 'array', items: {} },
      },
      required: ['mode'],
    });
    expect(getGeminiSchemaProblems(gemini)).toStrictEqual([]);
  });
});
