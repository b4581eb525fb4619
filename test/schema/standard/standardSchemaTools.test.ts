import { describe, expect, it } from '@jest/globals';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { Container } from 'inversify';
import * as v from 'valibot';
import { z } from 'zod';
import {
  agentkitModule,
  PermissionDecision,
  PERMISSION_CHECKER,
  Preflight,
  Tool,
  ToolInvokePermissionRequest,
  TOOL_EXECUTOR,
  type PermissionRequest,
  type ToolExecutionOutcome,
  type ToolExecutor,
  type ToolRequest,
} from '../../../src/index.js';
import { toAnthropicTools, toGeminiTools, toOpenAIChatTools } from '../../../src/providers/index.js';

const BookInput = z.object({
  title: z.string().min(1).max(200).describe('The book title.'),
  copies: z.number().int().min(1).default(1),
  isbn: z
    .string()
    .refine((text) => /^\d{13}$/.test(text), 'must be 13 digits')
    .optional(),
});

@Tool({ name: 'zod_order_book', description: 'Orders a book.', input: BookInput })
class ZodOrderBookTool {
  /** Sees what invoke sees: the library's output (the default filled in). */
  @Preflight()
  public check(input: z.output<typeof BookInput>): ToolInvokePermissionRequest {
    return new ToolInvokePermissionRequest(`order ${input.copies} ${input.title}`);
  }

  public invoke(input: z.output<typeof BookInput>): string {
    return `${input.copies} x ${input.title}${input.isbn === undefined ? '' : ` (${input.isbn})`}`;
  }
}

const NoteSchema = v.object({
  text: v.pipe(v.string(), v.minLength(1), v.description('The note.')),
  pinned: v.optional(v.boolean(), false),
  code: v.optional(
    v.pipe(
      v.string(),
      v.check((text) => text === text.toUpperCase(), 'must be upper case'),
    ),
  ),
});

@Tool({ name: 'valibot_add_note', description: 'Adds a note.', input: toStandardJsonSchema(NoteSchema) })
class ValibotAddNoteTool {
  public invoke(input: v.InferOutput<typeof NoteSchema>): string {
    return `${input.text}${input.pinned ? ' (pinned)' : ''}${input.code === undefined ? '' : ` ${input.code}`}`;
  }
}

const CountInput = z.object({ count: z.coerce.number() });

@Tool({ name: 'zod_count', description: 'Counts (a coercing schema).', input: CountInput })
class ZodCountTool {
  public invoke(input: z.output<typeof CountInput>): string {
    return `count ${input.count}`;
  }
}

const SlugInput = z.object({
  slug: z.string().refine(async (slug) => Promise.resolve(slug !== 'taken'), 'is taken'),
});

@Tool({ name: 'zod_claim_slug', description: 'Claims a slug (an async refinement).', input: SlugInput })
class ZodClaimSlugTool {
  public invoke(input: z.output<typeof SlugInput>): string {
    return `claimed ${input.slug}`;
  }
}

const ZodWordInput = z.object({ word: z.string().regex(/^[a-z]+$/i, 'letters only') });

@Tool({ name: 'zod_spell', description: 'Spells a word.', input: ZodWordInput })
class ZodSpellTool {
  public invoke(input: z.output<typeof ZodWordInput>): string {
    return input.word.split('').join('-');
  }
}

const WordSchema = v.object({ word: v.pipe(v.string(), v.regex(/^[a-z]+$/i, 'letters only')) });

@Tool({ name: 'valibot_spell', description: 'Spells a word.', input: toStandardJsonSchema(WordSchema) })
class ValibotSpellTool {
  public invoke(input: v.InferOutput<typeof WordSchema>): string {
    return input.word.split('').join('-');
  }
}

function request(toolName: string, input: ToolRequest['input']): ToolRequest {
  return { callId: `call-${toolName}`, toolName, input, sessionId: 's', turnId: 't', metadata: {} };
}

/** What the permission checker was asked, in order. */
const asked: string[] = [];

async function createExecutor(): Promise<ToolExecutor> {
  const container = new Container();
  container.bind(PERMISSION_CHECKER).toConstantValue({
    evaluate: (permission: PermissionRequest) => {
      asked.push(permission.summary());
      return PermissionDecision.allow();
    },
  });
  container.bind(ZodOrderBookTool).toSelf();
  container.bind(ValibotAddNoteTool).toSelf();
  container.bind(ZodClaimSlugTool).toSelf();
  container.bind(ZodCountTool).toSelf();
  container.bind(ZodSpellTool).toSelf();
  container.bind(ValibotSpellTool).toSelf();
  container.load(agentkitModule());
  return container.getAsync(TOOL_EXECUTOR);
}

function outputOf(outcome: ToolExecutionOutcome): unknown {
  return outcome.status === 'completed' ? outcome.result.result.output : outcome;
}

function failureOf(outcome: ToolExecutionOutcome): unknown {
  if (outcome.status !== 'failed') return outcome;
  return { code: outcome.error.code, invoked: outcome.invoked, details: outcome.error.details };
}

describe('Standard Schema tool inputs', () => {
  describe('zod 4', () => {
    it('runs a valid call with the library output, in the preflight too: defaults filled in', async () => {
      const executor = await createExecutor();
      asked.length = 0;
      const outcome = await executor.execute(request('zod_order_book', { title: 'Dune' }));
      expect(outputOf(outcome)).toStrictEqual({ type: 'text', text: '1 x Dune' });
      expect(asked).toStrictEqual(['invoke tool order 1 Dune']);
    });

    it('refuses a call the JSON Schema refuses, in the JSON Schema error shape', async () => {
      const executor = await createExecutor();
      const outcome = await executor.execute(request('zod_order_book', { title: '', copies: '2' }));
      expect(failureOf(outcome)).toStrictEqual({
        code: 'invalid_input',
        invoked: false,
        details: {
          errors: [
            { path: '/title', constraint: 'minLength', message: 'must NOT have fewer than 1 characters' },
            { path: '/copies', constraint: 'type', message: 'must be integer' },
          ],
        },
      });
    });

    it('refuses an unknown key (zod itself would strip it)', async () => {
      const executor = await createExecutor();
      const outcome = await executor.execute(request('zod_order_book', { title: 'Dune', author: 'Herbert' }));
      expect(failureOf(outcome)).toStrictEqual({
        code: 'invalid_input',
        invoked: false,
        details: {
          errors: [
            { path: '/author', constraint: 'additionalProperties', message: 'unknown property "author": remove it' },
          ],
        },
      });
    });

    it('checks a refinement JSON Schema cannot say with zod, in the same shape', async () => {
      const executor = await createExecutor();
      const outcome = await executor.execute(request('zod_order_book', { title: 'Dune', isbn: '12' }));
      expect(failureOf(outcome)).toStrictEqual({
        code: 'invalid_input',
        invoked: false,
        details: { errors: [{ path: '/isbn', constraint: 'custom', message: 'must be 13 digits' }] },
      });
      expect(outcome.status === 'failed' ? outcome.error.message : '').toBe(
        'Input for tool `zod_order_book` is invalid (1 problem):\n- /isbn: must be 13 digits\nFix these fields and call the tool again.',
      );
      const valid = await executor.execute(request('zod_order_book', { title: 'Dune', isbn: '9780441013593' }));
      expect(outputOf(valid)).toStrictEqual({ type: 'text', text: '1 x Dune (9780441013593)' });
    });
  });

  describe('coercion', () => {
    it("never coerces: zod's z.coerce.number() sees only numbers, the JSON Schema refuses a string", async () => {
      const executor = await createExecutor();
      expect(failureOf(await executor.execute(request('zod_count', { count: '5' })))).toStrictEqual({
        code: 'invalid_input',
        invoked: false,
        details: { errors: [{ path: '/count', constraint: 'type', message: 'must be number' }] },
      });
      expect(outputOf(await executor.execute(request('zod_count', { count: 5 })))).toStrictEqual({
        type: 'text',
        text: 'count 5',
      });
    });
  });

  describe('asynchronous and flagged refinements', () => {
    it("awaits zod's async refinement before anything runs", async () => {
      const executor = await createExecutor();
      expect(failureOf(await executor.execute(request('zod_claim_slug', { slug: 'taken' })))).toStrictEqual({
        code: 'invalid_input',
        invoked: false,
        details: { errors: [{ path: '/slug', constraint: 'custom', message: 'is taken' }] },
      });
      expect(outputOf(await executor.execute(request('zod_claim_slug', { slug: 'mine' })))).toStrictEqual({
        type: 'text',
        text: 'claimed mine',
      });
    });

    it('leaves a zod regex with flags to zod: the case-insensitive match holds', async () => {
      const executor = await createExecutor();
      expect(outputOf(await executor.execute(request('zod_spell', { word: 'AbC' })))).toStrictEqual({
        type: 'text',
        text: 'A-b-C',
      });
      expect(failureOf(await executor.execute(request('zod_spell', { word: 'a1' })))).toStrictEqual({
        code: 'invalid_input',
        invoked: false,
        details: { errors: [{ path: '/word', constraint: 'invalid_format', message: 'letters only' }] },
      });
    });

    it('leaves a valibot regex with flags to valibot: the case-insensitive match holds', async () => {
      const executor = await createExecutor();
      expect(outputOf(await executor.execute(request('valibot_spell', { word: 'AbC' })))).toStrictEqual({
        type: 'text',
        text: 'A-b-C',
      });
      expect(failureOf(await executor.execute(request('valibot_spell', { word: 'a1' })))).toStrictEqual({
        code: 'invalid_input',
        invoked: false,
        details: { errors: [{ path: '/word', constraint: 'regex', message: 'letters only' }] },
      });
    });
  });

  describe('valibot (toStandardJsonSchema)', () => {
    it('runs a valid call with the library output: defaults filled in', async () => {
      const executor = await createExecutor();
      const outcome = await executor.execute(request('valibot_add_note', { text: 'milk', code: 'AB' }));
      expect(outputOf(outcome)).toStrictEqual({ type: 'text', text: 'milk AB' });
    });

    it('refuses a call the JSON Schema refuses, in the JSON Schema error shape', async () => {
      const executor = await createExecutor();
      const outcome = await executor.execute(request('valibot_add_note', { pinned: 'yes' }));
      expect(failureOf(outcome)).toStrictEqual({
        code: 'invalid_input',
        invoked: false,
        details: {
          errors: [
            { path: '/text', constraint: 'required', message: 'required property "text" is missing' },
            { path: '/pinned', constraint: 'type', message: 'must be boolean' },
          ],
        },
      });
    });

    it('refuses an unknown key (valibot itself would strip it)', async () => {
      const executor = await createExecutor();
      const outcome = await executor.execute(request('valibot_add_note', { text: 'milk', due: 'today' }));
      expect(failureOf(outcome)).toStrictEqual({
        code: 'invalid_input',
        invoked: false,
        details: {
          errors: [{ path: '/due', constraint: 'additionalProperties', message: 'unknown property "due": remove it' }],
        },
      });
    });

    it('checks a `check` action with valibot after the JSON Schema, in the same shape', async () => {
      const executor = await createExecutor();
      const outcome = await executor.execute(request('valibot_add_note', { text: 'milk', code: 'ab' }));
      expect(failureOf(outcome)).toStrictEqual({
        code: 'invalid_input',
        invoked: false,
        details: { errors: [{ path: '/code', constraint: 'check', message: 'must be upper case' }] },
      });
    });
  });

  describe('specs', () => {
    it('gives the model closed draft-07 object schemas without $schema', async () => {
      const executor = await createExecutor();
      const specs = Object.fromEntries(
        executor
          .specs()
          .filter((spec) => spec.name === 'zod_order_book' || spec.name === 'valibot_add_note')
          .map((spec) => [spec.name, spec.inputSchema]),
      );
      expect(specs).toStrictEqual({
        zod_order_book: {
          type: 'object',
          properties: {
            title: { type: 'string', minLength: 1, maxLength: 200, description: 'The book title.' },
            copies: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 1 },
            isbn: { type: 'string' },
          },
          required: ['title'],
          additionalProperties: false,
        },
        valibot_add_note: {
          type: 'object',
          properties: {
            text: { type: 'string', minLength: 1, description: 'The note.' },
            pinned: { type: 'boolean', default: false },
            code: { type: 'string' },
          },
          required: ['text'],
          additionalProperties: false,
        },
      });
    });

    it('converts for every provider', async () => {
      const executor = await createExecutor();
      const specs = executor.specs().filter((spec) => spec.name === 'zod_order_book');
      const schema = specs[0]?.inputSchema;
      expect(toAnthropicTools(specs)).toStrictEqual([
        { name: 'zod_order_book', description: 'Orders a book.', input_schema: schema },
      ]);
      expect(toOpenAIChatTools(specs, { strict: true })).toStrictEqual([
        {
          type: 'function',
          function: {
            name: 'zod_order_book',
            description: 'Orders a book.',
            parameters: {
              type: 'object',
              properties: {
                // OpenAI's strict mode takes no length limits and no defaults (as for DTO tools); ajv still checks them.
                title: { type: 'string', description: 'The book title.' },
                copies: { type: ['integer', 'null'], minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
                isbn: { type: ['string', 'null'] },
              },
              required: ['title', 'copies', 'isbn'],
              additionalProperties: false,
            },
            strict: true,
          },
        },
      ]);
      expect(toGeminiTools(specs)).toStrictEqual([
        {
          functionDeclarations: [
            {
              name: 'zod_order_book',
              description: 'Orders a book.',
              parametersJsonSchema: {
                type: 'object',
                properties: {
                  title: { type: 'string', description: 'The book title.', minLength: 1, maxLength: 200 },
                  copies: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
                  isbn: { type: 'string' },
                },
                required: ['title'],
              },
            },
          ],
        },
      ]);
    });
  });
});
