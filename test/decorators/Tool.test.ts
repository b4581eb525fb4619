import { describe, expect, it } from '@jest/globals';
import { IsString, MaxLength } from 'class-validator';
import { Container } from 'inversify';
import { Tool, type ToolSpec } from '../../src/index.js';
import { getToolDefinition } from './getToolDefinition.js';

class EchoInput {
  @IsString()
  @MaxLength(100)
  public text!: string;
}

class EchoOutput {
  @IsString()
  public echoed!: string;
}

@Tool({
  name: 'echo',
  description: 'Repeats the text it is given.',
  input: EchoInput,
  output: EchoOutput,
  annotations: { readOnlyHint: true, idempotentHint: true },
  metadata: { owner: 'core', tags: ['demo'], version: 2 },
})
class EchoTool {
  public invoke(input: EchoInput): { echoed: string } {
    return { echoed: input.text };
  }
}

const WEATHER_SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string', minLength: 1 } },
  required: ['city'],
  additionalProperties: false,
};

@Tool({ name: 'weather.today', description: 'Tells the weather in a city.', input: WEATHER_SCHEMA })
class WeatherTool {
  public invoke(input: { city: string }): string {
    return `sunny in ${input.city}`;
  }
}

@Tool({ name: 'ping', description: 'Answers pong.' })
class PingTool {
  public invoke(): string {
    return 'pong';
  }
}

describe(Tool.name, () => {
  describe('spec', () => {
    it('records the whole spec of a DTO tool', () => {
      expect(getToolDefinition(EchoTool).spec).toStrictEqual({
        name: 'echo',
        description: 'Repeats the text it is given.',
        inputSchema: {
          type: 'object',
          properties: { text: { maxLength: 100, type: 'string' } },
          required: ['text'],
          additionalProperties: false,
        },
        outputSchema: {
          type: 'object',
          properties: { echoed: { type: 'string' } },
          required: ['echoed'],
          additionalProperties: false,
        },
        annotations: { readOnlyHint: true, idempotentHint: true },
        metadata: { owner: 'core', tags: ['demo'], version: 2 },
      });
    });

    it('keeps an explicit JSON Schema input as is', () => {
      expect(getToolDefinition(WeatherTool).spec.inputSchema).toStrictEqual(WEATHER_SCHEMA);
    });

    it('gives a tool without input an empty closed object schema', () => {
      expect(getToolDefinition(PingTool).spec.inputSchema).toStrictEqual({
        type: 'object',
        properties: {},
        additionalProperties: false,
      });
    });

    it('has exactly name, description, inputSchema, annotations and metadata without an output', () => {
      expect(getToolDefinition(PingTool).spec).toStrictEqual({
        name: 'ping',
        description: 'Answers pong.',
        inputSchema: { type: 'object', properties: {}, additionalProperties: false },
        annotations: {},
        metadata: {},
      });
    });

    it('has only the spec keys of the contract', () => {
      expect(Object.keys(getToolDefinition(EchoTool).spec).sort()).toStrictEqual([
        'annotations',
        'description',
        'inputSchema',
        'metadata',
        'name',
        'outputSchema',
      ]);
    });

    it.each([
      ['a DTO tool', EchoTool],
      ['an explicit-schema tool', WeatherTool],
      ['a tool without input', PingTool],
    ])('survives a JSON round trip for %s', (_label, target) => {
      const spec = getToolDefinition(target).spec;
      expect(JSON.parse(JSON.stringify(spec)) as ToolSpec).toStrictEqual(spec);
    });
  });

  describe('definition', () => {
    it('keeps the input class of a DTO tool', () => {
      expect(getToolDefinition(EchoTool).inputClass).toBe(EchoInput);
    });

    it('keeps no input class for an explicit schema', () => {
      expect(getToolDefinition(WeatherTool).inputClass).toBeUndefined();
    });

    it('compiles a validator that accepts valid input', () => {
      expect(getToolDefinition(EchoTool).validateInput({ text: 'hi' })).toBe(true);
    });

    it('compiles a validator that rejects unknown keys', () => {
      expect(getToolDefinition(EchoTool).validateInput({ text: 'hi', loud: true })).toBe(false);
    });

    it('compiles a validator for the explicit schema', () => {
      const validate = getToolDefinition(WeatherTool).validateInput;
      expect([validate({ city: 'Oslo' }), validate({ city: '' }), validate({})]).toStrictEqual([true, false, false]);
    });

    it('compiles an output validator when an output is declared', () => {
      const validate = getToolDefinition(EchoTool).validateOutput;
      expect([validate?.({ echoed: 'x' }), validate?.({ echoed: 1 })]).toStrictEqual([true, false]);
    });

    it('keeps a valid maxInputBytes', () => {
      @Tool({ name: 'small', description: 'Takes little input.', maxInputBytes: 512 })
      class SmallTool {
        public invoke(): string {
          return 'ok';
        }
      }
      expect(getToolDefinition(SmallTool).maxInputBytes).toBe(512);
    });
  });

  describe('injection', () => {
    it('makes a one-method class resolvable from a container without @injectable()', () => {
      const container = new Container();
      container.bind(PingTool).toSelf();
      expect(container.get(PingTool)).toBeInstanceOf(PingTool);
    });

    it('returns the class it decorates', () => {
      class Plain {
        public invoke(): string {
          return 'x';
        }
      }
      // Typed to return nothing (a class decorator), the decorator hands the class back at runtime.
      const decorate = Tool({ name: 'plain', description: 'Returns x.' }) as (target: typeof Plain) => unknown;
      expect(decorate(Plain)).toBe(Plain);
    });
  });
});
