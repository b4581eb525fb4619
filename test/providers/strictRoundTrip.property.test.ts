import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { JsonObject } from '../../src/index.js';
import { fromOpenAIToolCall, toOpenAIChatTools } from '../../src/providers/index.js';
import { getCompletedOutput } from '../../src/testing/index.js';
import { createProviderHarness, type ProviderHarness } from './fixtures/createProviderHarness.js';
import { getStrictSchemaProblems } from './fixtures/getSchemaProblems.js';

let harness: ProviderHarness;

beforeAll(async () => {
  harness = await createProviderHarness();
});

afterAll(() => harness.close());

const word = fc.string({ unit: fc.constantFrom(...Array.from('abcdefghij0123456789 ')), minLength: 1, maxLength: 12 });
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const address = fc.record({ street: word, city: optional(word) });
const contact = fc.record({
  name: word,
  email: optional(fc.constantFrom('ada@example.com', 'bob@example.org')),
  age: optional(fc.integer({ min: 0, max: 150 })),
  kind: fc.constantFrom('lead', 'customer'),
  address,
  otherAddresses: optional(fc.array(address, { maxLength: 3 })),
  vip: optional(fc.boolean()),
});

/** What the model sends under the strict schema: every property present, `null` where the value is absent. */
function toStrictArguments(value: unknown, schema: JsonObject): unknown {
  if (Array.isArray(value)) return value.map((item) => toStrictArguments(item, schema['items'] as JsonObject));
  if (typeof value !== 'object' || value === null) return value;
  const properties = schema['properties'] as Record<string, JsonObject>;
  return Object.fromEntries(
    Object.entries(properties).map(([name, child]) => {
      const present = (value as Record<string, unknown>)[name];
      return [name, present === undefined ? null : toStrictArguments(present, child)];
    }),
  );
}

/** The value without its `undefined` properties: what the model meant. */
const omitUndefined = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('OpenAI strict mode round trip', () => {
  it('any contact, sent with nulls for its absent optional fields, becomes the input the tool expects and executes', async () => {
    const [declared] = toOpenAIChatTools(
      harness.specs.filter((spec) => spec.name === 'crm.create_contact'),
      { strict: true },
    );
    const parameters = declared?.function.parameters ?? {};
    expect(getStrictSchemaProblems(parameters)).toStrictEqual([]);
    await fc.assert(
      fc.asyncProperty(contact, async (value) => {
        const args = JSON.stringify(toStrictArguments(value, parameters));
        const parsed = fromOpenAIToolCall(
          { id: 'call_p', type: 'function', function: { name: 'crm__create_contact', arguments: args } },
          { sessionId: 's', turnId: 't', specs: harness.specs },
        );
        const meant = omitUndefined(value);
        expect(parsed.failure).toBeUndefined();
        expect(parsed.request.input).toStrictEqual(meant);
        expect(getCompletedOutput(await harness.executor.execute(parsed.request))).toStrictEqual({
          type: 'structured',
          value: { id: `contact-${value.name}`, received: meant },
        });
      }),
      { numRuns: 60 },
    );
  });
});
