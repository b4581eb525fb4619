import { describe, expect, it } from '@jest/globals';
import type { ValidateFunction } from 'ajv';
import { Type } from 'class-transformer';
import { IsInt, IsString, ValidateNested } from 'class-validator';
import { buildDtoSchema } from '../../src/internal/index.js';
import { classValidatorAccepts, compileStrict } from './compareWithClassValidator.js';
import { DerivedInput, LevelInput, TaskInput, TreeInput, TreeNode } from './dtoFixtures.js';

const TASK_SCHEMA = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    priority: { enum: ['low', 'high'], type: 'string' },
    tags: { items: { type: 'string' }, maxItems: 3, type: 'array' },
    address: {
      properties: {
        street: { type: 'string' },
        number: { minimum: 1, type: 'integer' },
      },
      type: 'object',
      required: ['street'],
      additionalProperties: false,
    },
    labels: {
      items: {
        properties: { text: { maxLength: 5, type: 'string' } },
        type: 'object',
        required: ['text'],
        additionalProperties: false,
      },
      type: 'array',
    },
    due: { type: 'string', format: 'date-time' },
    owner: { format: 'email', type: 'string' },
    urgent: { type: 'boolean' },
    effort: { maximum: 10, minimum: 0, type: 'integer' },
  },
  required: ['title', 'tags', 'address', 'due', 'owner'],
  additionalProperties: false,
};

const NODE_SCHEMA = {
  properties: {
    value: { type: 'string' },
    children: { items: { $ref: '#/definitions/TreeNode' }, type: 'array' },
  },
  type: 'object',
  required: ['value'],
  additionalProperties: false,
};

/** Every `$ref` in a schema. */
function collectRefs(schema: unknown): string[] {
  if (Array.isArray(schema)) return schema.flatMap(collectRefs);
  if (typeof schema !== 'object' || schema === null) return [];
  return Object.entries(schema).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' ? [value] : collectRefs(value),
  );
}

/** Every object schema (one with `properties`) that does not close itself. */
function findOpenObjects(schema: unknown, path = '#'): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item, index) => findOpenObjects(item, `${path}/${index}`));
  if (typeof schema !== 'object' || schema === null) return [];
  const record = schema as Record<string, unknown>;
  const own = 'properties' in record && record.additionalProperties !== false ? [path] : [];
  return [...own, ...Object.entries(record).flatMap(([key, value]) => findOpenObjects(value, `${path}/${key}`))];
}

const VALID_TASK = {
  title: 'Ship it',
  tags: ['release'],
  address: { street: 'Main St' },
  due: '2024-05-01T12:00:00Z',
  owner: 'dev@example.com',
};

const TASK_SAMPLES: readonly (readonly [string, unknown, boolean])[] = [
  ['the minimal valid input', VALID_TASK, true],
  [
    'every optional field set',
    {
      ...VALID_TASK,
      priority: 'high',
      labels: [{ text: 'ui' }, { text: 'api' }],
      urgent: true,
      effort: 10,
      address: { street: 'Main St', number: 7 },
      due: '2024-05-01T12:00:00.250+02:00',
    },
    true,
  ],
  ['a missing required field', { ...VALID_TASK, title: undefined }, false],
  ['a number where a string belongs', { ...VALID_TASK, title: 5 }, false],
  ['an unknown top-level key', { ...VALID_TASK, extra: 1 }, false],
  ['an unknown key in a nested object', { ...VALID_TASK, address: { street: 'Main St', floor: 2 } }, false],
  ['an unknown key in an array item', { ...VALID_TASK, labels: [{ text: 'ui', color: 'red' }] }, false],
  ['a nested object missing its required field', { ...VALID_TASK, address: {} }, false],
  ['a nested constraint broken', { ...VALID_TASK, address: { street: 'Main St', number: 0 } }, false],
  ['an array item constraint broken', { ...VALID_TASK, labels: [{ text: 'far too long' }] }, false],
  ['a value outside the enum', { ...VALID_TASK, priority: 'urgent' }, false],
  ['a non-string in a string array', { ...VALID_TASK, tags: ['a', 1] }, false],
  ['a string where an array belongs', { ...VALID_TASK, tags: 'release' }, false],
  ['too many array items', { ...VALID_TASK, tags: ['a', 'b', 'c', 'd'] }, false],
  ['an invalid email', { ...VALID_TASK, owner: 'not-an-email' }, false],
  ['a date that is no date', { ...VALID_TASK, due: 'tomorrow' }, false],
  ['a fractional integer', { ...VALID_TASK, effort: 1.5 }, false],
  ['an integer above its maximum', { ...VALID_TASK, effort: 11 }, false],
];

let taskValidator: ValidateFunction | undefined;

/** The TaskInput schema compiled once for all samples. */
function validateTask(data: unknown): boolean {
  taskValidator ??= compileStrict(buildDtoSchema(TaskInput));
  return taskValidator(data);
}

describe(buildDtoSchema.name, () => {
  it('generates a closed object schema with nested classes inlined', () => {
    expect(buildDtoSchema(TaskInput)).toStrictEqual(TASK_SCHEMA);
  });

  it('leaves no $ref in a schema without recursive classes', () => {
    expect(collectRefs(buildDtoSchema(TaskInput))).toStrictEqual([]);
  });

  it('closes every object level, nested objects and array items included', () => {
    expect(findOpenObjects(buildDtoSchema(TaskInput))).toStrictEqual([]);
  });

  it('keeps optional properties out of required', () => {
    expect(buildDtoSchema(TaskInput).required).toStrictEqual(['title', 'tags', 'address', 'due', 'owner']);
  });

  it('turns @IsDateString() into format date-time', () => {
    expect((buildDtoSchema(TaskInput).properties as Record<string, unknown>).due).toStrictEqual({
      type: 'string',
      format: 'date-time',
    });
  });

  it('turns @IsEmail() into format email', () => {
    expect((buildDtoSchema(TaskInput).properties as Record<string, unknown>).owner).toStrictEqual({
      format: 'email',
      type: 'string',
    });
  });

  it('moves a recursive class into definitions and refers to it there', () => {
    expect(buildDtoSchema(TreeInput)).toStrictEqual({
      type: 'object',
      properties: { root: NODE_SCHEMA },
      required: ['root'],
      additionalProperties: false,
      definitions: { TreeNode: NODE_SCHEMA },
    });
  });

  it('resolves every $ref of a recursive schema inside the schema itself', () => {
    const schema = buildDtoSchema(TreeNode);
    const definitions = (schema.definitions ?? {}) as Record<string, unknown>;
    const targets = collectRefs(schema).map((ref) => ref.replace('#/definitions/', ''));
    expect(targets.filter((name) => !(name in definitions))).toStrictEqual([]);
  });

  it('includes the properties of a base class', () => {
    expect(buildDtoSchema(DerivedInput)).toStrictEqual({
      type: 'object',
      properties: { id: { type: 'string' }, count: { type: 'integer' } },
      required: ['count', 'id'],
      additionalProperties: false,
    });
  });

  it('gives a class without decorated properties an empty closed object', () => {
    class NothingInput {}
    expect(buildDtoSchema(NothingInput)).toStrictEqual({ type: 'object', properties: {}, additionalProperties: false });
  });

  it('keeps two nested classes that share a name apart', () => {
    const First = (() => {
      class Item {
        @IsString()
        public text!: string;
      }
      return Item;
    })();
    const Second = (() => {
      class Item {
        @IsInt()
        public count!: number;
      }
      return Item;
    })();
    class PairInput {
      @ValidateNested()
      @Type(() => First)
      public first!: InstanceType<typeof First>;

      @ValidateNested()
      @Type(() => Second)
      public second!: InstanceType<typeof Second>;
    }
    const properties = buildDtoSchema(PairInput).properties as Record<string, unknown>;
    expect(properties.second).toStrictEqual({
      properties: { count: { type: 'integer' } },
      type: 'object',
      required: ['count'],
      additionalProperties: false,
    });
  });

  describe('with ajv', () => {
    it('compiles in ajv strict mode', () => {
      expect(compileStrict(buildDtoSchema(TaskInput))).toStrictEqual(expect.any(Function));
    });

    it('compiles a recursive schema in ajv strict mode', () => {
      expect(compileStrict(buildDtoSchema(TreeInput))).toStrictEqual(expect.any(Function));
    });

    it.each(TASK_SAMPLES)('decides as class-validator does for %s', (_label, data, accepted) => {
      expect({ ajv: validateTask(data), classValidator: classValidatorAccepts(TaskInput, data) }).toStrictEqual({
        ajv: accepted,
        classValidator: accepted,
      });
    });

    it('accepts a deeply recursive input, as class-validator does', () => {
      const data = { root: { value: 'a', children: [{ value: 'b', children: [{ value: 'c' }] }] } };
      expect({
        ajv: compileStrict(buildDtoSchema(TreeInput))(data),
        classValidator: classValidatorAccepts(TreeInput, data),
      }).toStrictEqual({ ajv: true, classValidator: true });
    });

    it('rejects an unknown key deep in a recursive input, as class-validator does', () => {
      const data = { root: { value: 'a', children: [{ value: 'b', children: [{ value: 'c', extra: true }] }] } };
      expect({
        ajv: compileStrict(buildDtoSchema(TreeInput))(data),
        classValidator: classValidatorAccepts(TreeInput, data),
      }).toStrictEqual({ ajv: false, classValidator: false });
    });

    it('accepts the values of a numeric enum, as class-validator does', () => {
      const validate = compileStrict(buildDtoSchema(LevelInput));
      expect({
        ajv: validate({ level: 1 }),
        classValidator: classValidatorAccepts(LevelInput, { level: 1 }),
      }).toStrictEqual({ ajv: true, classValidator: true });
    });
  });
});
