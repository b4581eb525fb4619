// Type-level tests: `npm test` type-checks this file (tsc --noEmit). Every `@ts-expect-error`
// fails the check when the error below it disappears, so each marks a mistake that must not
// compile. Jest then runs the typed tools, showing the types describe what the executor passes.
/* eslint-disable jest/no-export -- the compile-only classes are exported so they count as used; nothing imports this file. */
import { describe, expect, it } from '@jest/globals';
import { IsString } from 'class-validator';
import {
  Preflight,
  Tool,
  ToolInvokePermissionRequest,
  type ToolContext,
  type ToolExecutionOutcome,
  type ToolRequest,
} from '../../src/index.js';
import { ClassTool } from '../../src/registry/ClassTool.js';
import { createExecutor } from '../fixtures/createExecutor.js';
import { getToolDefinition, getToolMetadata } from './getToolDefinition.js';

class EchoInput {
  @IsString()
  public text!: string;
}

@Tool({ name: 'echo', description: 'Repeats the text.', input: EchoInput })
class EchoTool {
  @Preflight()
  public check(input: EchoInput, request: ToolRequest): ToolInvokePermissionRequest {
    return new ToolInvokePermissionRequest(`${request.toolName} ${input.text}`);
  }

  public invoke(input: EchoInput, ctx: ToolContext<EchoInput>): string {
    return `${input.text}/${ctx.input.text}`;
  }
}

// @ts-expect-error invoke takes a number, the tool's input is an EchoInput
@Tool({ name: 'echo_number', description: 'Mistyped.', input: EchoInput })
export class NumberInputTool {
  public invoke(input: number): number {
    return input;
  }
}

// @ts-expect-error the context's input is an EchoInput, not a number
@Tool({ name: 'echo_ctx', description: 'Mistyped context.', input: EchoInput })
export class NumberContextTool {
  public invoke(_input: EchoInput, ctx: ToolContext<number>): number {
    return ctx.input;
  }
}

// @ts-expect-error invokeOutcome takes a number, the tool's input is an EchoInput
@Tool({ name: 'echo_outcome', description: 'Mistyped outcome.', input: EchoInput })
export class NumberOutcomeTool {
  public invoke(input: EchoInput): string {
    return input.text;
  }

  public invokeOutcome(input: number): number {
    return input;
  }
}

// @ts-expect-error a tool without `input` takes an empty object, not an EchoInput
@Tool({ name: 'no_input', description: 'Declares no input.' })
export class MissingInputTool {
  public invoke(input: EchoInput): string {
    return input.text;
  }
}

export class MistypedPreflightTool {
  // @ts-expect-error the preflight takes a number, invoke takes an EchoInput
  @Preflight()
  public check(input: number): [] {
    return input > 0 ? [] : [];
  }

  public invoke(input: EchoInput): string {
    return input.text;
  }
}

export class PreflightReturningTextTool {
  // @ts-expect-error a preflight returns permission requests, not text
  @Preflight()
  public check(input: EchoInput): string {
    return input.text;
  }

  public invoke(input: EchoInput): string {
    return input.text;
  }
}

const WEATHER_SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
  required: ['city'],
  additionalProperties: false,
} as const;

@Tool({ name: 'weather', description: 'Tells the weather.', input: WEATHER_SCHEMA })
class WeatherTool {
  public invoke(input: { city: string; days?: number }, ctx: ToolContext<{ city: string; days?: number }>): string {
    return `${input.city} for ${ctx.input.days ?? 1} day(s)`;
  }
}

// @ts-expect-error `city` is a string in the schema
@Tool({ name: 'weather_number', description: 'Mistyped schema tool.', input: WEATHER_SCHEMA })
export class NumberCityTool {
  public invoke(input: { city: number }): number {
    return input.city;
  }
}

// @ts-expect-error an inline schema is typed as well: `text` is a string
@Tool({
  name: 'inline',
  description: 'Inline schema.',
  input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
})
export class InlineSchemaTool {
  public invoke(input: { text: boolean }): boolean {
    return input.text;
  }
}

const SEARCH_SCHEMA = {
  type: 'object',
  properties: { mode: { enum: ['fast', 'deep'] }, tags: { type: 'array', items: { type: 'string' } } },
  required: ['mode'],
  additionalProperties: false,
} as const;

/** A parameter wider than the input is fine: the tool accepts everything the schema lets in. */
@Tool({ name: 'search', description: 'Searches.', input: SEARCH_SCHEMA })
export class SearchTool {
  public invoke(input: { mode: string; tags?: readonly string[] }): string {
    return `${input.mode} ${(input.tags ?? []).join(',')}`;
  }
}

// @ts-expect-error narrower than the schema: `mode` may also be 'deep'
@Tool({ name: 'search_fast', description: 'Mistyped enum.', input: SEARCH_SCHEMA })
export class FastOnlySearchTool {
  public invoke(input: { mode: 'fast' }): string {
    return input.mode;
  }
}

export class PlannedPreflightTool {
  /** The `{ requests, plan }` form of a preflight's answer is typed too. */
  @Preflight()
  public check(input: EchoInput): { requests: ToolInvokePermissionRequest[]; plan: string } {
    return { requests: [], plan: input.text };
  }

  public invoke(input: EchoInput): string {
    return input.text;
  }
}

/** A schema TypeScript widened (no `as const`): its input is not checked, old code compiles. */
const WIDENED_SCHEMA = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

@Tool({ name: 'widened', description: 'Untyped schema.', input: WIDENED_SCHEMA })
class WidenedSchemaTool {
  public invoke(input: { city: string }): string {
    return input.city;
  }
}

function textOf(outcome: ToolExecutionOutcome): unknown {
  return outcome.status === 'completed' ? outcome.result.result.output : outcome;
}

function classTool(target: new () => object): ClassTool {
  const metadata = getToolMetadata(target);
  return new ClassTool(
    new target() as ConstructorParameters<typeof ClassTool>[0],
    getToolDefinition(target),
    metadata?.preflightMethod,
  );
}

describe(Tool.name, () => {
  describe('typed input', () => {
    it('hands a DTO tool and its preflight the input class instance the types describe', async () => {
      const executor = createExecutor([classTool(EchoTool)]);
      const request = {
        callId: 'c1',
        toolName: 'echo',
        input: { text: 'hi' },
        sessionId: 's',
        turnId: 't',
        metadata: {},
      };
      expect(textOf(await executor.execute(request))).toStrictEqual({ type: 'text', text: 'hi/hi' });
    });

    it('hands a schema tool the JSON object its schema types', async () => {
      const executor = createExecutor([classTool(WeatherTool), classTool(WidenedSchemaTool)]);
      const request = {
        callId: 'c1',
        toolName: 'weather',
        input: { city: 'Oslo', days: 2 },
        sessionId: 's',
        turnId: 't',
        metadata: {},
      };
      expect(textOf(await executor.execute(request))).toStrictEqual({ type: 'text', text: 'Oslo for 2 day(s)' });
    });
  });
});
