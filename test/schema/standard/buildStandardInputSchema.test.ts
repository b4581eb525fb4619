import { describe, expect, it } from '@jest/globals';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { Tool, type ToolOptions } from '../../../src/index.js';
import { buildStandardInputSchema } from '../../../src/schema/standard/buildStandardInputSchema.js';
import { definitionErrorOf, getToolDefinition } from '../../decorators/getToolDefinition.js';

/** The input JSON Schema `@Tool` keeps for `input` (compiled by ajv strict mode on the way). */
function inputSchemaOf(input: ToolOptions['input']): unknown {
  class SchemaTool {
    public invoke(): string {
      return 'ok';
    }
  }
  Tool({ name: 'schema_tool', description: 'Tests a schema.', ...(input === undefined ? {} : { input }) })(SchemaTool);
  return getToolDefinition(SchemaTool).spec.inputSchema;
}

/** The ToolDefinitionError `@Tool` throws for `input`, as subject and message. */
function refusalOf(input: unknown): { subject: string; message: string } {
  const error = definitionErrorOf(() => {
    Tool({ name: 'broken_tool', description: 'Broken.', input: input as NonNullable<ToolOptions['input']> })(
      class BrokenTool {
        public invoke(): string {
          return 'ok';
        }
      },
    );
  });
  return { subject: error.subject, message: error.message };
}

describe(buildStandardInputSchema.name, () => {
  describe('closing what the libraries leave open', () => {
    it('closes nested objects, union branches and tuples (zod)', () => {
      const input = z.object({
        owner: z.object({ name: z.string() }),
        shape: z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('circle'), radius: z.number() }),
          z.object({ kind: z.literal('square'), side: z.number() }),
        ]),
        point: z.tuple([z.number(), z.number()]),
        scores: z.record(z.string(), z.number()),
        label: z.string().nullable(),
      });
      expect(inputSchemaOf(input)).toStrictEqual({
        type: 'object',
        properties: {
          owner: {
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
            additionalProperties: false,
          },
          shape: {
            oneOf: [
              {
                type: 'object',
                properties: { kind: { type: 'string', const: 'circle' }, radius: { type: 'number' } },
                required: ['kind', 'radius'],
                additionalProperties: false,
              },
              {
                type: 'object',
                properties: { kind: { type: 'string', const: 'square' }, side: { type: 'number' } },
                required: ['kind', 'side'],
                additionalProperties: false,
              },
            ],
          },
          point: {
            type: 'array',
            items: [{ type: 'number' }, { type: 'number' }],
            additionalItems: false,
            minItems: 2,
            maxItems: 2,
          },
          // A record is a declared map: its value schema stays.
          scores: { type: 'object', propertyNames: { type: 'string' }, additionalProperties: { type: 'number' } },
          label: { type: ['string', 'null'] },
        },
        required: ['owner', 'shape', 'point', 'scores', 'label'],
        additionalProperties: false,
      });
    });

    it('closes valibot tuples, which it writes without additionalItems', () => {
      const input = toStandardJsonSchema(v.object({ point: v.tuple([v.number(), v.number()]) }));
      expect(inputSchemaOf(input)).toStrictEqual({
        type: 'object',
        properties: {
          point: {
            type: 'array',
            items: [{ type: 'number' }, { type: 'number' }],
            minItems: 2,
            additionalItems: false,
          },
        },
        required: ['point'],
        additionalProperties: false,
      });
    });

    it('closes recursive definitions (zod getters)', () => {
      const Category = z.object({
        name: z.string(),
        get children(): z.ZodArray<typeof Category> {
          return z.array(Category);
        },
      });
      expect(inputSchemaOf(z.object({ root: Category }))).toStrictEqual({
        type: 'object',
        properties: { root: { $ref: '#/definitions/__schema0' } },
        required: ['root'],
        additionalProperties: false,
        definitions: {
          __schema0: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              children: { type: 'array', items: { $ref: '#/definitions/__schema0' } },
            },
            required: ['name', 'children'],
            additionalProperties: false,
          },
        },
      });
    });

    it('keeps a typed catchall and a strict object as they are', () => {
      expect(inputSchemaOf(z.strictObject({ a: z.string() }).catchall(z.number()))).toStrictEqual({
        type: 'object',
        properties: { a: { type: 'string' } },
        required: ['a'],
        additionalProperties: { type: 'number' },
      });
    });

    it('makes a root union of objects an object schema, each branch closed (zod merges intersections)', () => {
      const input = z.intersection(
        z.object({ id: z.string() }),
        z.union([z.object({ name: z.string() }), z.object({ email: z.string() })]),
      );
      const branch = (key: string): unknown => ({
        type: 'object',
        properties: { id: { type: 'string' }, [key]: { type: 'string' } },
        required: ['id', key],
        additionalProperties: false,
      });
      expect(inputSchemaOf(input)).toStrictEqual({ anyOf: [branch('name'), branch('email')], type: 'object' });
    });

    it("leaves formats ajv does not know to the library, keeping the library's pattern", () => {
      expect(inputSchemaOf(z.object({ id: z.ulid(), phone: z.e164(), mail: z.email() }))).toStrictEqual({
        type: 'object',
        properties: {
          id: { type: 'string', pattern: '^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$' },
          phone: { type: 'string', pattern: '^\\+[1-9]\\d{6,14}$' },
          mail: {
            type: 'string',
            format: 'email',
            pattern: z.email()['~standard'].jsonSchema.input({ target: 'draft-07' }).pattern as string,
          },
        },
        required: ['id', 'phone', 'mail'],
        additionalProperties: false,
      });
    });

    it('drops the pattern of a zod regex with flags (zod writes it without them), keeps a `u` one and the rest', () => {
      const input = z.object({
        word: z
          .string()
          .max(10)
          .regex(/^[a-z]+$/i),
        both: z.string().regex(/^a/).regex(/b$/i),
        unicode: z.string().regex(/^\p{L}+$/u),
      });
      expect(inputSchemaOf(input)).toStrictEqual({
        type: 'object',
        properties: {
          word: { type: 'string', maxLength: 10 },
          both: { type: 'string', allOf: [{ type: 'string', pattern: '^a' }] },
          unicode: { type: 'string', pattern: '^\\p{L}+$' },
        },
        required: ['word', 'both', 'unicode'],
        additionalProperties: false,
      });
    });

    it('keeps what valibot cannot write of a validation action to valibot (a regex with flags, a check)', () => {
      const input = toStandardJsonSchema(
        v.object({
          word: v.pipe(v.string(), v.maxLength(10), v.regex(/^[a-z]+$/i)),
          letters: v.pipe(v.string(), v.regex(/^\p{L}+$/u)),
          even: v.pipe(
            v.number(),
            v.check((n) => n % 2 === 0),
          ),
        }),
      );
      expect(inputSchemaOf(input)).toStrictEqual({
        type: 'object',
        properties: {
          word: { type: 'string', maxLength: 10 },
          letters: { type: 'string', pattern: '^\\p{L}+$' },
          even: { type: 'number' },
        },
        required: ['word', 'letters', 'even'],
        additionalProperties: false,
      });
    });
  });

  describe('refusing at registration', () => {
    it('refuses a type JSON cannot carry, with the library reason', () => {
      expect(refusalOf(z.object({ when: z.date() }))).toStrictEqual({
        subject: 'class BrokenTool',
        message:
          'class BrokenTool: its zod input schema cannot be written as JSON Schema: Date cannot be represented in JSON Schema. Tool input arrives as JSON: use JSON types (strings, numbers, booleans, arrays, objects), e.g. an ISO string instead of a Date.',
      });
      expect(refusalOf(toStandardJsonSchema(v.object({ when: v.date() }))).message).toContain(
        'its valibot input schema cannot be written as JSON Schema: The "date" schema cannot be converted to JSON Schema.',
      );
    });

    it('refuses a valibot schema that was not wrapped, saying how to wrap it', () => {
      expect(refusalOf(v.object({ text: v.string() }))).toStrictEqual({
        subject: 'class BrokenTool',
        message:
          "class BrokenTool: @Tool({ input }) is a valibot schema that cannot give its JSON Schema (it does not implement Standard JSON Schema v1), and the model needs one. Wrap it: `input: toStandardJsonSchema(schema)` with `import { toStandardJsonSchema } from '@valibot/to-json-schema'`.",
      });
    });

    it('refuses a zod/mini schema, which carries no JSON Schema', () => {
      expect(refusalOf(zm.object({ text: zm.string() })).message).toBe(
        'class BrokenTool: @Tool({ input }) is a zod schema that cannot give its JSON Schema (it does not implement Standard JSON Schema v1), and the model needs one. Declare it with `zod` itself (zod 4.6 or later; `zod/mini` schemas do not carry their JSON Schema).',
      );
    });

    it('refuses an object that accepts any unknown key', () => {
      expect(refusalOf(z.looseObject({ text: z.string() })).message).toBe(
        'class BrokenTool: its zod input schema accepts unknown keys at / (a loose or passthrough object), and tool input objects are closed. Use a plain or strict object (zod `z.object`, valibot `v.object`), or a record for a map of names to values.',
      );
      expect(refusalOf(z.object({ meta: z.object({}).loose() })).message).toContain(
        'accepts unknown keys at /properties/meta',
      );
    });

    it('refuses an intersection of objects, which draft-07 cannot close', () => {
      const input = toStandardJsonSchema(v.intersect([v.object({ a: v.string() }), v.object({ b: v.string() })]));
      expect(refusalOf(input).message).toBe(
        'class BrokenTool: its valibot input schema has an intersection of objects at /: JSON Schema draft-07 cannot close its members without refusing every input. Merge them into one object instead: zod `a.extend(b.shape)`, valibot `v.object({ ...a.entries, ...b.entries })`.',
      );
    });

    it('refuses a root that is not an object', () => {
      expect(refusalOf(z.string()).message).toBe(
        'class BrokenTool: its zod input schema is not an object schema (tool input is a JSON object of named arguments). Declare the input as an object, e.g. `z.object({ text: z.string() })` or `v.object({ text: v.string() })`.',
      );
    });

    it('refuses a `~standard` object that is not Standard Schema v1', () => {
      expect(refusalOf({ '~standard': { version: 2, vendor: 'x', validate: () => ({ value: 1 }) } }).message).toBe(
        'class BrokenTool: @Tool({ input }) has a `~standard` property but is not a Standard Schema v1 object. Pass a zod 4 or valibot schema, a class-validator DTO class, or a JSON Schema object.',
      );
    });
  });
});
