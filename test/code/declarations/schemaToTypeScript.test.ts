import { describe, expect, it } from '@jest/globals';
import type { JsonObject } from '../../../src/index.js';
import { schemaToTypeScript } from '../../../src/code/declarations/schemaToTypeScript.js';
import { typeCheck } from './fixtures/checkTypeScript.js';

function typeOf(schema: JsonObject): string {
  const result = schemaToTypeScript(schema);
  expect(result.aliases).toStrictEqual([]);
  return result.type;
}

describe(schemaToTypeScript.name, () => {
  describe('scalar types', () => {
    it.each([
      ['string', 'string'],
      ['number', 'number'],
      ['integer', 'number'],
      ['boolean', 'boolean'],
      ['null', 'null'],
      ['whatever', 'unknown'],
    ])('renders type %s as %s', (type, expected) => {
      expect(typeOf({ type })).toBe(expected);
    });

    it('renders a type array as a union, null included', () => {
      expect(typeOf({ type: ['string', 'integer', 'null'] })).toBe('string | number | null');
    });

    it('collapses a union with an unknown member to unknown', () => {
      expect(typeOf({ type: ['string', 'mystery'] })).toBe('unknown');
    });

    it('adds null for nullable: true', () => {
      expect(typeOf({ type: 'string', nullable: true })).toBe('string | null');
    });

    it('renders a schema without known keywords, true and false as unknown, unknown and never', () => {
      expect(typeOf({ format: 'uri' })).toBe('unknown');
      expect(typeOf({ type: 'object', properties: { a: true, b: false }, required: ['a', 'b'] })).toBe(
        '{ a: unknown; b: never }',
      );
    });
  });

  describe('enum and const', () => {
    it('renders enum members as literals, strings through JSON.stringify', () => {
      expect(typeOf({ enum: ['a', 'say "hi"', 'x`${y}`', 1.5, -2, true, null] })).toBe(
        '"a" | "say \\"hi\\"" | "x`${y}`" | 1.5 | -2 | true | null',
      );
    });

    it('renders const as one literal and prefers it to type', () => {
      expect(typeOf({ type: 'string', const: 'fixed' })).toBe('"fixed"');
      expect(typeOf({ const: false })).toBe('false');
    });

    it('renders object and array literals as unknown, and an empty enum as never', () => {
      expect(typeOf({ const: { a: 1 } })).toBe('unknown');
      expect(typeOf({ enum: [] })).toBe('never');
    });

    it('parenthesizes a negative literal under []', () => {
      expect(typeOf({ type: 'array', items: { const: -1 } })).toBe('(-1)[]');
    });
  });

  describe('objects', () => {
    it('marks properties not in required optional, and declares required ones without a schema as unknown', () => {
      expect(
        typeOf({
          type: 'object',
          properties: { path: { type: 'string' }, offset: { type: 'integer' } },
          required: ['path', 'extra'],
        }),
      ).toBe('{ path: string; offset?: number; extra: unknown }');
    });

    it('implies type object from properties', () => {
      expect(typeOf({ properties: { a: { type: 'string' } } })).toBe('{ a?: string }');
    });

    it('renders an object without properties as an open record, and a closed one as empty', () => {
      expect(typeOf({ type: 'object' })).toBe('{ [key: string]: unknown }');
      expect(typeOf({ type: 'object', additionalProperties: false })).toBe('{ [key: string]: never }');
    });

    it('treats absent and false additionalProperties beside properties as closed', () => {
      const properties = { a: { type: 'string' } };
      expect(typeOf({ type: 'object', properties })).toBe('{ a?: string }');
      expect(typeOf({ type: 'object', properties, additionalProperties: false })).toBe('{ a?: string }');
    });

    it('renders additionalProperties true as an unknown index signature among the properties', () => {
      expect(typeOf({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true })).toBe(
        '{ a?: string; [key: string]: unknown }',
      );
    });

    it('renders an additionalProperties schema as an index signature, beside the properties when there are some', () => {
      expect(typeOf({ type: 'object', additionalProperties: { type: 'integer' } })).toBe('{ [key: string]: number }');
      expect(
        typeOf({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'integer' } }),
      ).toBe('{ a?: string } & { [key: string]: number }');
    });

    it('puts descriptions and defaults in JSDoc and lays the object out on lines', () => {
      expect(
        schemaToTypeScript(
          {
            type: 'object',
            properties: {
              path: { type: 'string', description: '  The file,\n relative to the root. ' },
              limit: { type: 'integer', default: 100, deprecated: true },
              nested: {
                type: 'object',
                properties: { flag: { type: 'boolean', description: 'On or off.' } },
                required: ['flag'],
              },
            },
            required: ['path'],
          },
          { indent: 1 },
        ),
      ).toStrictEqual({
        type: [
          '{',
          '    /** The file, relative to the root. */',
          '    path: string;',
          '    /** @default 100 @deprecated */',
          '    limit?: number;',
          '    nested?: {',
          '      /** On or off. */',
          '      flag: boolean;',
          '    };',
          '  }',
        ].join('\n'),
        aliases: [],
      });
    });

    it('lays out an object on lines once it passes 100 characters inline', () => {
      const properties = Object.fromEntries(
        Array.from({ length: 8 }, (_, i) => [`property${i}`, { type: 'string' }] as const),
      );
      expect(typeOf({ type: 'object', properties })).toBe(
        `{\n${Object.keys(properties)
          .map((key) => `  ${key}?: string;`)
          .join('\n')}\n}`,
      );
    });

    it('cuts a long description with …', () => {
      expect(
        schemaToTypeScript(
          { type: 'object', properties: { a: { type: 'string', description: 'x'.repeat(50) } } },
          { maxDescriptionChars: 10 },
        ).type,
      ).toBe(`{\n  /** ${'x'.repeat(9)}… */\n  a?: string;\n}`);
    });
  });

  describe('arrays', () => {
    it('renders items as T[], parenthesizing unions', () => {
      expect(typeOf({ type: 'array', items: { type: 'string' } })).toBe('string[]');
      expect(typeOf({ type: 'array', items: { type: ['string', 'number'] } })).toBe('(string | number)[]');
      expect(typeOf({ type: 'array' })).toBe('unknown[]');
      expect(typeOf({ items: { type: 'boolean' } })).toBe('boolean[]');
    });

    it('renders prefixItems as a tuple: optional past minItems, a rest from items, none for items: false', () => {
      expect(
        typeOf({ type: 'array', prefixItems: [{ type: 'string' }, { type: ['number', 'null'] }], minItems: 1 }),
      ).toBe('[string, (number | null)?, ...unknown[]]');
      expect(typeOf({ type: 'array', prefixItems: [{ type: 'string' }], minItems: 1, items: { type: 'number' } })).toBe(
        '[string, ...number[]]',
      );
      expect(typeOf({ type: 'array', prefixItems: [{ type: 'string' }], minItems: 1, items: false })).toBe('[string]');
    });

    it('renders draft-07 array items and additionalItems as a tuple', () => {
      expect(
        typeOf({ type: 'array', items: [{ type: 'string' }, { type: 'number' }], minItems: 2, additionalItems: false }),
      ).toBe('[string, number]');
    });
  });

  describe('combinations', () => {
    it('renders oneOf and anyOf as unions', () => {
      expect(typeOf({ oneOf: [{ type: 'string' }, { type: 'object', properties: { a: { type: 'number' } } }] })).toBe(
        'string | { a?: number }',
      );
      expect(typeOf({ anyOf: [{ const: 'a' }, { const: 'b' }, { const: 'a' }] })).toBe('"a" | "b"');
    });

    it('renders allOf as an intersection, parenthesizing unions', () => {
      expect(
        typeOf({
          allOf: [
            { type: 'object', properties: { a: { type: 'string' } } },
            { anyOf: [{ type: 'string' }, { type: 'number' }] },
          ],
        }),
      ).toBe('{ a?: string } & (string | number)');
    });

    it('intersects own keywords with a union, and drops members that say nothing', () => {
      expect(
        typeOf({
          type: 'object',
          properties: { a: { type: 'string' }, b: { type: 'string' } },
          oneOf: [{ required: ['a'] }, { required: ['b'] }],
        }),
      ).toBe('{ a?: string; b?: string } & ({ a: unknown } | { b: unknown })');
      expect(typeOf({ type: 'string', allOf: [{ description: 'only words' }] })).toBe('string');
    });
  });

  describe('$ref', () => {
    it('declares a referenced definition once as a named alias, with its description', () => {
      const shared = { type: 'object', description: 'A point.', properties: { x: { type: 'number' } } };
      expect(
        schemaToTypeScript({
          type: 'object',
          properties: { from: { $ref: '#/$defs/point' }, to: { $ref: '#/definitions/point' } },
          $defs: { point: shared },
          definitions: { point: shared },
        }),
      ).toStrictEqual({
        type: '{ from?: Point; to?: Point2 }',
        aliases: [
          { name: 'Point', declaration: '/** A point. */\ntype Point = { x?: number };' },
          { name: 'Point2', declaration: '/** A point. */\ntype Point2 = { x?: number };' },
        ],
      });
    });

    it('keeps a recursive definition finite', () => {
      expect(
        schemaToTypeScript(
          {
            $ref: '#/$defs/tree-node',
            $defs: {
              'tree-node': {
                type: 'object',
                properties: { children: { type: 'array', items: { $ref: '#/$defs/tree-node' } } },
              },
            },
          },
          { aliasPrefix: 'FsRead' },
        ),
      ).toStrictEqual({
        type: 'FsReadTreeNode',
        aliases: [{ name: 'FsReadTreeNode', declaration: 'type FsReadTreeNode = { children?: FsReadTreeNode[] };' }],
      });
    });

    it('renders a reference back to an alias with no object or array between as unknown (TypeScript refuses type A = A | B)', () => {
      const result = schemaToTypeScript({
        type: 'object',
        properties: { a: { $ref: '#/$defs/a' }, b: { $ref: '#/$defs/b' } },
        $defs: {
          a: { anyOf: [{ $ref: '#/$defs/a' }, { type: 'string' }] },
          b: { oneOf: [{ type: 'array', items: { $ref: '#/$defs/b' } }, { allOf: [{ $ref: '#/$defs/c' }] }] },
          c: { $ref: '#/$defs/b' },
        },
      });
      expect(result).toStrictEqual({
        type: '{ a?: A; b?: B }',
        aliases: [
          { name: 'A', declaration: 'type A = unknown;' },
          { name: 'B', declaration: 'type B = B[] | C;' },
          { name: 'C', declaration: 'type C = unknown;' },
        ],
      });
      const declarations = result.aliases.map((alias) => alias.declaration).join('\n');
      expect(typeCheck(`${declarations}\ntype T = ${result.type};`)).toStrictEqual([]);
    });

    it('declares the root for a $ref to #', () => {
      expect(
        schemaToTypeScript({ type: 'object', properties: { next: { $ref: '#' } } }, { aliasPrefix: 'List' }),
      ).toStrictEqual({
        type: '{ next?: ListRoot }',
        aliases: [{ name: 'ListRoot', declaration: 'type ListRoot = { next?: ListRoot };' }],
      });
    });

    it('decodes pointer escapes and avoids taken and global names', () => {
      expect(
        schemaToTypeScript(
          {
            type: 'object',
            properties: { a: { $ref: '#/$defs/a~1b' }, p: { $ref: '#/$defs/promise' }, n: { $ref: '#/$defs/9' } },
            $defs: { 'a/b': { type: 'string' }, promise: { type: 'number' }, '9': { type: 'null' } },
          },
          { takenNames: new Set(['AB']) },
        ),
      ).toStrictEqual({
        type: '{ a?: AB2; p?: Promise2; n?: Def9 }',
        aliases: [
          { name: 'AB2', declaration: 'type AB2 = string;' },
          { name: 'Promise2', declaration: 'type Promise2 = number;' },
          { name: 'Def9', declaration: 'type Def9 = null;' },
        ],
      });
    });

    it('renders remote, anchor and dangling references as unknown', () => {
      expect(typeOf({ $ref: 'https://example.com/schema.json' })).toBe('unknown');
      expect(typeOf({ $ref: '#node' })).toBe('unknown');
      expect(typeOf({ $ref: '#/$defs/missing' })).toBe('unknown');
      expect(typeOf({ $ref: '#/$defs/%E0%A4%A', $defs: {} })).toBe('unknown');
    });

    it('intersects a $ref with sibling keywords', () => {
      expect(
        schemaToTypeScript({
          $ref: '#/$defs/a',
          type: 'object',
          properties: { b: { type: 'string' } },
          $defs: { a: {} },
        }).type,
      ).toBe('A & { b?: string }');
    });
  });

  describe('hostile text', () => {
    it('keeps descriptions from closing their comment or starting a line', () => {
      const type = typeOf({
        type: 'object',
        properties: { a: { type: 'string', description: 'ends */ here\n}; declare const x: 1; /*\u2028`${x}`' } },
      });
      expect(type).toBe('{\n  /** ends *\\/ here }; declare const x: 1; /* `${x}` */\n  a?: string;\n}');
      expect(typeCheck(`type T = ${type};`)).toStrictEqual([]);
    });

    it('quotes property names that are not identifiers', () => {
      const names = ['fs.read', 'a b', '*/', '"quoted"', "it's", '\n', '', '1a', '__proto__', '$ok_1'];
      const type = typeOf({
        type: 'object',
        properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
      });
      expect(type).toBe(
        '{\n  "fs.read"?: string;\n  "a b"?: string;\n  "*/"?: string;\n  "\\"quoted\\""?: string;\n  "it\'s"?: string;\n  "\\n"?: string;\n  ""?: string;\n  "1a"?: string;\n  __proto__?: string;\n  $ok_1?: string;\n}',
      );
      expect(typeCheck(`type T = ${type}; const keys: (keyof T)[] = ${JSON.stringify(names)};`)).toStrictEqual([]);
    });
  });

  describe('limits', () => {
    it('renders schemas nested past maxDepth (the root is at depth 0) as unknown with a comment', () => {
      const nested: JsonObject = {
        type: 'array',
        items: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
      };
      expect(schemaToTypeScript(nested, { maxDepth: 2 }).type).toBe('unknown /* nested too deep */[][][]');
      expect(schemaToTypeScript(nested, { maxDepth: 3 }).type).toBe('string[][][]');
    });

    it('renders a schema past maxChars as unknown with a comment, aliases dropped', () => {
      const schema: JsonObject = { $ref: '#/$defs/a', $defs: { a: { enum: ['x'.repeat(40)] } } };
      const full = schemaToTypeScript(schema);
      const size = full.type.length + full.aliases.reduce((sum, alias) => sum + alias.declaration.length + 1, 0);
      expect(schemaToTypeScript(schema, { maxChars: size })).toStrictEqual(full);
      expect(schemaToTypeScript(schema, { maxChars: size - 1 })).toStrictEqual({
        type: 'unknown /* schema too large to declare */',
        aliases: [],
      });
      expect(schemaToTypeScript(schema, { maxChars: 10 }).type).toBe('unknown');
    });

    it('stops early on a shared subschema that would expand exponentially', () => {
      let schema: JsonObject = { type: 'string' };
      for (let i = 0; i < 40; i += 1)
        schema = {
          anyOf: [
            { type: 'array', items: schema },
            { type: 'object', additionalProperties: schema },
          ],
        };
      const started = performance.now();
      expect(schemaToTypeScript(schema, { maxDepth: 100 }).type).toBe('unknown /* schema too large to declare */');
      expect(performance.now() - started).toBeLessThan(2000);
    });
  });

  it('gives types that mean what the schema says (checked by the compiler)', () => {
    const { type, aliases } = schemaToTypeScript({
      type: 'object',
      properties: {
        path: { type: 'string' },
        mode: { enum: ['read', 'write'] },
        tags: { type: 'array', items: { type: 'string' } },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], minItems: 2, items: false },
        tree: { $ref: '#/$defs/node' },
      },
      required: ['path', 'mode'],
      additionalProperties: false,
      $defs: { node: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/node' } } } } },
    });
    const declarations = [...aliases.map((alias) => alias.declaration), `type T = ${type};`].join('\n');
    expect(
      typeCheck(
        `${declarations}\nconst ok: T = { path: 'a', mode: 'read', tags: ['x'], pair: ['a', 1], tree: { kids: [{}] } };`,
      ),
    ).toStrictEqual([]);
    expect(typeCheck(`${declarations}\nconst bad: T = { path: 'a', mode: 'append' };`)).toHaveLength(1);
    expect(typeCheck(`${declarations}\nconst bad: T = { mode: 'read' };`)).toHaveLength(1);
    expect(typeCheck(`${declarations}\nconst bad: T = { path: 'a', mode: 'read', pair: ['a', 'b'] };`)).toHaveLength(1);
  });
});
