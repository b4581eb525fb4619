// Type-level tests: `npm test` type-checks this file (tsc --noEmit). Every `@ts-expect-error`
// fails the check when the error below it disappears, so each marks a mistake that must not
// compile. Jest then runs one typed tool, showing the types describe what the executor passes.
/* eslint-disable jest/no-export -- the compile-only classes are exported so they count as used; nothing imports this file. */
import { describe, expect, it } from '@jest/globals';
import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { z } from 'zod';
import { Tool, type InferToolInput, type ToolContext, type ToolOptions } from '../../../src/index.js';
import type { StandardInputSchema } from '../../../src/schema/standard/StandardInputSchema.js';
import { createExecutor } from '../../fixtures/createExecutor.js';
import { ClassTool } from '../../../src/registry/ClassTool.js';
import { getToolDefinition } from '../../decorators/getToolDefinition.js';

/** `true` only when `A` and `B` are the same type. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the usual type-equality check: each T is compared, never used
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const Order = z.object({
  sku: z.string(),
  quantity: z.number().int().default(1),
  note: z.string().optional(),
  when: z.string().transform((text) => text.length),
});
const NoteSchema = v.object({ text: v.string(), pinned: v.optional(v.boolean(), false) });
const Note = toStandardJsonSchema(NoteSchema);

/** What `invoke` gets is the library's output: defaults filled in, transforms applied. */
export const zodOutput: Equal<
  InferToolInput<typeof Order>,
  { sku: string; quantity: number; note?: string | undefined; when: number }
> = true;
export const valibotOutput: Equal<InferToolInput<typeof Note>, { text: string; pinned: boolean }> = true;
/** A Standard Schema that declares no types gives `unknown` (not checked), as a widened JSON Schema does. */
export const untyped: Equal<
  InferToolInput<{ '~standard': StandardJSONSchemaV1.Props & StandardSchemaV1.Props }>,
  unknown
> = true;

/** The official spec's types fit `@Tool({ input })`. */
const officialShape: StandardJSONSchemaV1 & StandardSchemaV1 = Order;
const official: NonNullable<ToolOptions['input']> = officialShape;

/** The internal shape the package reads fits the public one (compiles only while it does). */
export function toPublicShape(schema: StandardInputSchema): NonNullable<ToolOptions['input']> {
  return schema;
}

@Tool({ name: 'zod_order', description: 'Orders.', input: Order })
class ZodOrderTool {
  public invoke(input: z.output<typeof Order>, ctx: ToolContext<z.output<typeof Order>>): string {
    return `${input.quantity} x ${input.sku} ${ctx.input.when}`;
  }
}

// @ts-expect-error `quantity` is a number (zod's output), not a string
@Tool({ name: 'zod_order_string', description: 'Mistyped.', input: Order })
export class StringQuantityTool {
  public invoke(input: { sku: string; quantity: string }): string {
    return input.quantity;
  }
}

// @ts-expect-error `when` is transformed to a number: the output type, not the input type, is what invoke gets
@Tool({ name: 'zod_order_input_type', description: 'Mistyped.', input: Order })
export class InputTypeTool {
  public invoke(input: z.input<typeof Order>): string {
    return input.when;
  }
}

// @ts-expect-error an inline zod schema is typed as well: `count` is a number
@Tool({ name: 'zod_inline', description: 'Inline.', input: z.object({ count: z.number() }) })
export class InlineZodTool {
  public invoke(input: { count: string }): string {
    return input.count;
  }
}

@Tool({ name: 'valibot_note', description: 'Notes.', input: Note })
export class ValibotNoteTool {
  public invoke(input: v.InferOutput<typeof NoteSchema>): string {
    return input.pinned ? input.text : '';
  }
}

// @ts-expect-error `pinned` has a default: it is a boolean, never undefined, and `text` is a string
@Tool({ name: 'valibot_note_number', description: 'Mistyped.', input: Note })
export class NumberNoteTool {
  public invoke(input: { text: number }): number {
    return input.text;
  }
}

/** Compiled, never run (`@Tool` refuses it at run time too, see buildStandardInputSchema.test.ts). */
export function declareUnwrappedValibotTool(): unknown {
  // @ts-expect-error a plain valibot schema gives no JSON Schema: wrap it in toStandardJsonSchema
  @Tool({ name: 'valibot_unwrapped', description: 'Unwrapped.', input: NoteSchema })
  class UnwrappedTool {
    public invoke(input: { text: string }): string {
      return input.text;
    }
  }
  return UnwrappedTool;
}

describe('Standard Schema input types', () => {
  it('describe what the executor passes to invoke', async () => {
    expect([official, zodOutput, valibotOutput, untyped]).toStrictEqual([Order, true, true, true]);
    const tool = new ClassTool(new ZodOrderTool(), getToolDefinition(ZodOrderTool), undefined);
    const outcome = await createExecutor([tool]).execute({
      callId: 'c1',
      toolName: 'zod_order',
      input: { sku: 'A-1', when: 'today' },
      sessionId: 's',
      turnId: 't',
      metadata: {},
    });
    expect(outcome.status === 'completed' ? outcome.result.result.output : outcome).toStrictEqual({
      type: 'text',
      text: '1 x A-1 5',
    });
  });
});
