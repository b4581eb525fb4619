import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ToolConfigurationError, type JsonObject, type JsonValue } from '../../../src/index.js';
import { declareTools } from '../../../src/code/declarations/declareTools.js';
import { schemaToTypeScript } from '../../../src/code/declarations/schemaToTypeScript.js';
import { validToolNameArbitrary } from '../../spec/toolNameArbitraries.js';
import { buildSpec } from './fixtures/buildSpec.js';
import { syntaxErrors, typeCheck } from './fixtures/checkTypeScript.js';
import { smallestText } from './fixtures/frameLines.js';

/** Text meant to break out of a comment, a string or a line: mixed with arbitrary code points. */
const hostileText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '*/',
        '/*',
        '/**',
        '\n',
        '\r\n',
        '\u2028',
        '\u2029',
        '`${x}`',
        '"',
        "'",
        '\\',
        '}; evil(); {',
        '//',
        '@',
      ),
      fc.string({ unit: 'binary', maxLength: 8 }),
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(''));

const DEF_NAMES = ['node', 'a/b', 'Promise', '9', 'tree-node', ''];
const refArbitrary = fc.constantFrom(
  ...DEF_NAMES.map((name) => `#/$defs/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`),
  '#/definitions/node',
  '#/$defs/missing',
  '#',
  'https://example.com/x.json',
);
const primitive = fc.oneof(
  hostileText,
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const typeName = fc.constantFrom('string', 'number', 'integer', 'boolean', 'null', 'object', 'array', 'bogus');

/** Annotations that land in JSDoc: a description, a default. */
function annotated(schema: fc.Arbitrary<JsonObject>): fc.Arbitrary<JsonObject> {
  return fc
    .tuple(schema, fc.option(hostileText, { nil: undefined }), fc.option(primitive, { nil: undefined }), fc.boolean())
    .map(([base, description, value, nullable]) => ({
      ...base,
      ...(description === undefined ? {} : { description }),
      ...(value === undefined ? {} : { default: value }),
      ...(nullable ? { nullable: true } : {}),
    }));
}

const { schema } = fc.letrec<{ schema: JsonValue; node: JsonObject }>((tie) => ({
  schema: fc.oneof({ depthSize: 'medium', withCrossShrink: true }, tie('node'), fc.boolean()),
  node: annotated(
    fc.oneof(
      { depthSize: 'medium', withCrossShrink: true },
      fc.record({ type: fc.oneof(typeName, fc.uniqueArray(typeName, { maxLength: 3 })) }),
      fc.record({ const: primitive }),
      fc.record({ enum: fc.array(primitive, { maxLength: 4 }) }),
      fc.record({ $ref: refArbitrary }),
      fc.record(
        {
          type: fc.constant('object'),
          properties: fc.dictionary(hostileText, tie('schema'), { maxKeys: 4 }),
          required: fc.array(hostileText, { maxLength: 3 }),
          additionalProperties: tie('schema'),
        },
        { requiredKeys: ['type'] },
      ),
      fc.record({ type: fc.constant('array'), items: tie('schema') }, { requiredKeys: ['type'] }),
      fc.record(
        {
          type: fc.constant('array'),
          prefixItems: fc.array(tie('schema'), { maxLength: 3 }),
          items: tie('schema'),
          minItems: fc.nat(4),
        },
        { requiredKeys: ['prefixItems'] },
      ),
      fc.record({ oneOf: fc.array(tie('schema'), { maxLength: 3 }) }),
      fc.record({ anyOf: fc.array(tie('schema'), { maxLength: 3 }) }),
      fc.record({ allOf: fc.array(tie('schema'), { maxLength: 3 }) }),
    ),
  ),
}));

/** A root schema with definitions the references may reach (some do not exist). */
const rootSchema: fc.Arbitrary<JsonObject> = fc
  .tuple(schema, fc.array(schema, { minLength: DEF_NAMES.length, maxLength: DEF_NAMES.length }), schema)
  .map(([root, defs, node]) => ({
    ...(typeof root === 'object' && root !== null && !Array.isArray(root) ? (root as JsonObject) : {}),
    $defs: Object.fromEntries(DEF_NAMES.map((name, i) => [name, defs[i] ?? true])),
    definitions: { node },
  }));

function program(type: string, aliases: readonly { readonly declaration: string }[]): string {
  return [...aliases.map((alias) => alias.declaration), `type T = ${type};`].join('\n');
}

describe('declarations of random schemas (fast-check)', () => {
  it('parse without syntax errors and stay within maxChars', () => {
    fc.assert(
      fc.property(rootSchema, fc.integer({ min: 1, max: 4000 }), fc.nat(8), (root, maxChars, maxDepth) => {
        const { type, aliases } = schemaToTypeScript(root, { maxChars, maxDepth });
        const size = aliases.reduce((sum, alias) => sum + alias.declaration.length + 1, type.length);
        expect(size).toBeLessThanOrEqual(Math.max(maxChars, 'unknown'.length));
        expect(syntaxErrors(program(type, aliases))).toStrictEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('type-check as a whole program (no circular alias, no conflicting index signature)', () => {
    fc.assert(
      fc.property(rootSchema, (root) => {
        const { type, aliases } = schemaToTypeScript(root);
        expect(typeCheck(program(type, aliases))).toStrictEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('declare random tools within any budget that holds the frame, as valid TypeScript', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(validToolNameArbitrary, hostileText, rootSchema, fc.option(rootSchema)), {
          selector: ([name]) => name,
          maxLength: 5,
        }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (tools, position) => {
          const specs = tools.map(([name, description, input, output]) =>
            buildSpec(name, description, input, output ?? undefined),
          );
          const full = declareTools(specs, { maxChars: Number.MAX_SAFE_INTEGER }).text.length;
          const smallest = Math.min(smallestText(specs.length).length, full);
          const maxChars = smallest + Math.floor(position * (full + 1 - smallest));
          const { text, summarized } = declareTools(specs, { maxChars });
          expect(text.length).toBeLessThanOrEqual(maxChars);
          expect(syntaxErrors(text)).toStrictEqual([]);
          const declared = specs.length - summarized.length;
          expect(summarized).toStrictEqual(specs.slice(declared).map((spec) => spec.name));
          expect(() => declareTools(specs, { maxChars: smallest - 1 })).toThrow(ToolConfigurationError);
        },
      ),
      { numRuns: 150 },
    );
  });
});
