import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ToolSpec } from '../../src/index.js';
import {
  toAnthropicTools,
  toGeminiTools,
  toOpenAIChatTools,
  toOpenAIResponsesTools,
} from '../../src/providers/index.js';
import { createProviderHarness, type ProviderHarness } from './fixtures/createProviderHarness.js';
import { getGeminiSchemaProblems, getStrictSchemaProblems } from './fixtures/getSchemaProblems.js';

const PROVIDER_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

let harness: ProviderHarness;
let specs: readonly ToolSpec[];

beforeAll(async () => {
  harness = await createProviderHarness();
  specs = harness.specs;
});

afterAll(() => harness.close());

function getSpec(name: string): ToolSpec {
  const spec = specs.find((candidate) => candidate.name === name);
  if (spec === undefined) throw new Error(`no spec ${name}`);
  return spec;
}

describe('provider declarations of the built-in, MCP and DTO tools', () => {
  it('cover every kind of tool (fs, shell, MCP served, a dotted DTO tool)', () => {
    expect(specs.map((spec) => spec.name)).toStrictEqual([
      'crm.create_contact',
      'fs_create_directory',
      'fs_delete',
      'fs_edit_file',
      'fs_glob',
      'fs_grep',
      'fs_list_directory',
      'fs_move',
      'fs_read_file',
      'fs_write_file',
      'mcp_high_find_flights',
      'mcp_low_point',
      'shell_exec',
    ]);
  });

  it('the schema checkers flag schemas outside each provider subset', () => {
    expect(getStrictSchemaProblems(getSpec('mcp_low_point').inputSchema)).toStrictEqual([
      '(root): keyword "$defs" is not supported',
      '(root): additionalProperties must be false',
      '(root): required must list every property',
      '/properties/point: keyword "$ref" is not supported',
      '/properties/point: empty schema',
      '/properties/tags: keyword "uniqueItems" is not supported',
    ]);
    expect(getGeminiSchemaProblems(getSpec('crm.create_contact').inputSchema)).toStrictEqual([
      '(root): keyword "additionalProperties" is not supported',
      '/properties/email: format "email" is not supported',
      '/properties/address: keyword "additionalProperties" is not supported',
      '/properties/otherAddresses/items: keyword "additionalProperties" is not supported',
    ]);
  });
});

describe(toOpenAIChatTools.name, () => {
  it('declares every tool in strict mode where a strict form exists, meeting the strict-mode rules', () => {
    const tools = toOpenAIChatTools(specs, { strict: true });
    expect(tools.map((tool) => tool.function.name).every((name) => PROVIDER_NAME.test(name))).toBe(true);
    // shell_exec's `env` is a free-form map: strict mode cannot express it, so that one tool is declared non-strict.
    expect(tools.filter((tool) => !tool.function.strict).map((tool) => tool.function.name)).toStrictEqual([
      'shell_exec',
    ]);
    const problems = tools
      .filter((tool) => tool.function.strict)
      .flatMap((tool) =>
        getStrictSchemaProblems(tool.function.parameters).map((problem) => `${tool.function.name} ${problem}`),
      );
    expect(problems).toStrictEqual([]);
  });

  it('makes optional properties required and nullable, at every object level, keeping descriptions', () => {
    const [tool] = toOpenAIChatTools([getSpec('crm.create_contact')], { strict: true });
    const address = {
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: ['string', 'null'] } },
      required: ['street', 'city'],
      additionalProperties: false,
    };
    expect(tool).toStrictEqual({
      type: 'function',
      function: {
        name: 'crm__create_contact',
        description:
          'Creates a contact in the CRM.\n\nReturns: {"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}',
        parameters: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            email: { type: ['string', 'null'], format: 'email' },
            age: { type: ['integer', 'null'], minimum: 0, maximum: 150 },
            kind: { type: 'string', enum: ['lead', 'customer'] },
            address,
            otherAddresses: { type: ['array', 'null'], items: address, maxItems: 3 },
            vip: { type: ['boolean', 'null'] },
          },
          required: ['name', 'email', 'age', 'kind', 'address', 'otherAddresses', 'vip'],
          additionalProperties: false,
        },
        strict: true,
      },
    });
    const [mcp] = toOpenAIChatTools([getSpec('mcp_high_find_flights')], { strict: true });
    expect(mcp?.function.description).toBe('Finds flights.');
    const [shell] = toOpenAIChatTools([getSpec('shell_exec')], { strict: true });
    expect(shell?.function.parameters).toStrictEqual(getSpec('shell_exec').inputSchema);
  });

  it('inlines $ref targets and widens enums and optional nested objects', () => {
    const [point, flights] = toOpenAIChatTools([getSpec('mcp_low_point'), getSpec('mcp_high_find_flights')], {
      strict: true,
    });
    expect(point?.function.parameters).toStrictEqual({
      type: 'object',
      properties: {
        point: {
          type: 'object',
          properties: { x: { type: 'integer' }, y: { type: ['integer', 'null'] } },
          required: ['x', 'y'],
          additionalProperties: false,
        },
        label: { type: ['string', 'null'] },
        tags: { type: ['array', 'null'], items: { type: 'string' } },
      },
      required: ['point', 'label', 'tags'],
      additionalProperties: false,
    });
    expect((flights?.function.parameters as { properties: Record<string, unknown> }).properties['cabin']).toStrictEqual(
      {
        type: ['string', 'null'],
        enum: ['economy', 'business', null],
      },
    );
  });

  it('passes schemas as authored (inlined) without strict', () => {
    const tools = toOpenAIChatTools(specs);
    expect(tools.every((tool) => !tool.function.strict)).toBe(true);
    expect(tools.find((tool) => tool.function.name === 'fs_read_file')?.function.parameters).toStrictEqual(
      getSpec('fs_read_file').inputSchema,
    );
    expect(tools.find((tool) => tool.function.name === 'mcp_low_point')?.function.parameters).toStrictEqual({
      type: 'object',
      properties: {
        point: {
          type: 'object',
          properties: { x: { type: 'integer' }, y: { type: 'integer', default: 0 } },
          required: ['x'],
        },
        label: { type: ['string', 'null'] },
        tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
      },
      required: ['point'],
    });
  });
});

describe(toOpenAIResponsesTools.name, () => {
  it('declares the same names, descriptions, parameters and strict flags as Chat Completions, flat', () => {
    const chat = toOpenAIChatTools(specs, { strict: true });
    expect(toOpenAIResponsesTools(specs, { strict: true })).toStrictEqual(
      chat.map((tool) => ({ type: 'function', ...tool.function })),
    );
  });
});

describe(toAnthropicTools.name, () => {
  it('declares input_schema as authored (inlined, object root) and folds the output schema into the description', () => {
    const tools = toAnthropicTools(specs);
    expect(tools.map((tool) => tool.name).every((name) => PROVIDER_NAME.test(name))).toBe(true);
    expect(
      tools.map((tool) => [tool.input_schema.type, JSON.stringify(tool.input_schema).includes('$ref')]),
    ).toStrictEqual(tools.map(() => ['object', false]));
    expect(tools[0]).toStrictEqual({
      name: 'crm__create_contact',
      description:
        'Creates a contact in the CRM.\n\nReturns: {"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}',
      input_schema: getSpec('crm.create_contact').inputSchema,
    });
  });
});

describe('recursive schemas', () => {
  it('keep their $defs and $refs for OpenAI (non-strict) and Anthropic, which resolve them; strict falls back to non-strict', () => {
    const tree = { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } } };
    const spec: ToolSpec = {
      ...getSpec('fs_glob'),
      name: getSpec('fs_glob').name,
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { root: { $ref: '#/$defs/node' } },
        $defs: { node: tree },
      },
    };
    const expected = { type: 'object', properties: { root: { $ref: '#/$defs/node' } }, $defs: { node: tree } };
    expect(toAnthropicTools([spec])[0]?.input_schema).toStrictEqual(expected);
    expect(toOpenAIChatTools([spec], { strict: true })[0]?.function).toMatchObject({
      parameters: expected,
      strict: false,
    });
  });
});

describe(toGeminiTools.name, () => {
  it("declares every tool within Gemini's schema subset, the output schema as responseJsonSchema", () => {
    const [tool, ...more] = toGeminiTools(specs);
    expect(more).toStrictEqual([]);
    const declarations = tool?.functionDeclarations ?? [];
    expect(declarations.map((declaration) => declaration.name)).toStrictEqual(
      toAnthropicTools(specs).map((anthropic) => anthropic.name),
    );
    const problems = declarations.flatMap((declaration) =>
      [
        ...getGeminiSchemaProblems(declaration.parametersJsonSchema),
        ...(declaration.responseJsonSchema === undefined
          ? []
          : getGeminiSchemaProblems(declaration.responseJsonSchema)),
      ].map((problem) => `${declaration.name} ${problem}`),
    );
    expect(problems).toStrictEqual([]);
    expect(declarations.every((declaration) => declaration.parametersJsonSchema['type'] === 'object')).toBe(true);
  });

  it('drops what Gemini does not accept and keeps descriptions and the rest', () => {
    const declarations = toGeminiTools([
      getSpec('crm.create_contact'),
      getSpec('mcp_low_point'),
      getSpec('shell_exec'),
    ])[0]?.functionDeclarations;
    const address = {
      properties: { street: { maxLength: 80, type: 'string' }, city: { type: 'string' } },
      required: ['street'],
      type: 'object',
    };
    expect(declarations?.[0]).toStrictEqual({
      name: 'crm__create_contact',
      description: 'Creates a contact in the CRM.',
      parametersJsonSchema: {
        properties: {
          name: { maxLength: 50, type: 'string' },
          email: { type: 'string' },
          age: { minimum: 0, maximum: 150, type: 'integer' },
          kind: { enum: ['lead', 'customer'], type: 'string' },
          address,
          otherAddresses: { items: address, maxItems: 3, type: 'array' },
          vip: { type: 'boolean' },
        },
        required: ['name', 'kind', 'address'],
        type: 'object',
      },
      responseJsonSchema: { properties: { id: { type: 'string' } }, required: ['id'], type: 'object' },
    });
    expect(declarations?.[1]?.parametersJsonSchema).toStrictEqual({
      properties: {
        point: { properties: { x: { type: 'integer' }, y: { type: 'integer' } }, required: ['x'], type: 'object' },
        label: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        tags: { items: { type: 'string' }, type: 'array' },
      },
      required: ['point'],
      type: 'object',
    });
    const env = (declarations?.[2]?.parametersJsonSchema['properties'] as Record<string, unknown>)['env'];
    expect(env).toStrictEqual({
      description:
        'Extra environment variables. Loader and startup variables (LD_*, NODE_OPTIONS, PATH, GIT_*, ...) are refused.',
      type: 'object',
    });
  });
});
