import { describe, expect, it } from '@jest/globals';
import { IsString } from 'class-validator';
import { Tool, ToolDefinitionError, type ToolAnnotations, type ToolOptions } from '../../src/index.js';
import { definitionErrorOf } from './getToolDefinition.js';

class NoteInput {
  @IsString()
  public text!: string;
}

/** Decorates a fresh class named `BrokenTool` with `options`. */
function decorate(options: ToolOptions): void {
  Tool(options)(
    class BrokenTool {
      public invoke(): number {
        return 1;
      }
    },
  );
}

describe(Tool.name, () => {
  describe('with a bad name', () => {
    it('throws ToolDefinitionError when the decorator runs', () => {
      expect(() => {
        @Tool({ name: 'Bad Name', description: 'Does things.' })
        class BadNameTool {
          public invoke(): number {
            return 1;
          }
        }
        return BadNameTool;
      }).toThrow(ToolDefinitionError);
    });

    it('names the class and says how to fix the name', () => {
      const error = definitionErrorOf(() => {
        decorate({ name: 'fs__read', description: 'Reads.' });
      });
      expect({ subject: error.subject, message: error.message }).toStrictEqual({
        subject: 'class BrokenTool',
        message:
          'class BrokenTool: invalid tool name: the name "fs__read" is not lowercase ASCII letters and digits joined by single ".", "_" or "-". ' +
          'Use 1-64 lowercase ASCII letters and digits joined by single ".", "_" or "-", e.g. "fs_read_file" or "github.search".',
      });
    });

    it('rejects a name that is not a string', () => {
      const error = definitionErrorOf(() => {
        decorate({ name: 7, description: 'Counts.' } as unknown as ToolOptions);
      });
      expect(error.message).toMatch(/^class BrokenTool: invalid tool name: the name must be a string, got number\./);
    });
  });

  describe('with a missing description', () => {
    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['blank', '  \n\t '],
      ['not a string', 42],
    ])('rejects a description that is %s, naming the class and the fix', (_label, description) => {
      const error = definitionErrorOf(() => {
        decorate({ name: 'note', description } as unknown as ToolOptions);
      });
      expect({ subject: error.subject, message: error.message }).toStrictEqual({
        subject: 'class BrokenTool',
        message:
          'class BrokenTool: the description is missing. Add `description`: one or two sentences telling the model what the tool does and when to use it.',
      });
    });
  });

  describe('with bad annotations', () => {
    it('rejects an unknown annotation key, naming it and the known ones', () => {
      const annotations = { readonlyHint: true } as unknown as ToolAnnotations;
      const error = definitionErrorOf(() => {
        decorate({ name: 'note', description: 'Notes.', annotations });
      });
      expect(error.message).toBe(
        'class BrokenTool: annotation "readonlyHint" is not a known boolean hint. ' +
          'Use only readOnlyHint, destructiveHint, idempotentHint, needsApprovalHint, supportsStreamingHint, each true or false.',
      );
    });

    it('rejects a known annotation whose value is not a boolean', () => {
      const annotations = { destructiveHint: 'yes' } as unknown as ToolAnnotations;
      expect(() => {
        decorate({ name: 'note', description: 'Notes.', annotations });
      }).toThrow(ToolDefinitionError);
    });
  });

  describe('with a schema that does not compile', () => {
    it.each([
      ['an unknown type', { type: 'strng' }],
      ['an unknown keyword (strict mode)', { type: 'object', properties: {}, requird: ['x'] }],
      ['an unknown format', { type: 'string', format: 'not-a-format' }],
      ['a dangling $ref', { type: 'object', properties: { a: { $ref: '#/definitions/Missing' } } }],
    ])('rejects an input schema with %s, naming the class', (_label, input) => {
      const error = definitionErrorOf(() => {
        decorate({ name: 'note', description: 'Notes.', input });
      });
      expect(error.subject).toBe('class BrokenTool');
      expect(error.message).toMatch(
        /^class BrokenTool: its input schema does not compile: .+ Give a valid JSON Schema \(draft-07\)/s,
      );
    });

    it('rejects an output schema that does not compile, calling it the output schema', () => {
      const error = definitionErrorOf(() => {
        decorate({ name: 'note', description: 'Notes.', output: { type: 'strng' } });
      });
      expect(error.message).toMatch(/^class BrokenTool: its output schema does not compile: /);
    });

    it('keeps the ajv error as the cause', () => {
      const error = definitionErrorOf(() => {
        decorate({ name: 'note', description: 'Notes.', input: { type: 'strng' } });
      });
      expect(error.cause).toBeInstanceOf(Error);
    });
  });

  describe('with an input that is neither a class nor a plain object', () => {
    it.each([
      ['a string', 'NoteInput'],
      ['an array', [NoteInput]],
      ['null', null],
      ['a class instance', new NoteInput()],
      ['a number', 3],
    ])('rejects %s, naming the class and both accepted forms', (_label, input) => {
      const error = definitionErrorOf(() => {
        decorate({ name: 'note', description: 'Notes.', input } as unknown as ToolOptions);
      });
      expect(error.message).toBe(
        'class BrokenTool: @Tool({ input }) must be a class-validator DTO class or a JSON Schema object. ' +
          "Pass a class, e.g. `input: EchoInput`, or a schema, e.g. `input: { type: 'object', properties: {} }`.",
      );
    });

    it('rejects a bad output the same way', () => {
      const error = definitionErrorOf(() => {
        decorate({ name: 'note', description: 'Notes.', output: 'x' } as unknown as ToolOptions);
      });
      expect(error.message).toMatch(
        /^class BrokenTool: @Tool\(\{ output \}\) must be a class-validator DTO class or a JSON Schema object\./,
      );
    });
  });

  describe('with a bad maxInputBytes', () => {
    it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects %p', (maxInputBytes) => {
      const error = definitionErrorOf(() => {
        decorate({ name: 'note', description: 'Notes.', maxInputBytes });
      });
      expect(error.message).toBe(
        'class BrokenTool: `maxInputBytes` must be a positive integer. Omit it for the 1 MiB default.',
      );
    });
  });

  describe('on a class without invoke', () => {
    it('throws ToolDefinitionError naming the class and the method to add', () => {
      const error = definitionErrorOf(() => {
        Tool({ name: 'lazy', description: 'Does nothing.' })(
          // @ts-expect-error the types reject it too; the runtime check catches untyped callers
          class LazyTool {
            public run(): number {
              return 1;
            }
          },
        );
      });
      expect({ subject: error.subject, message: error.message }).toStrictEqual({
        subject: 'class LazyTool',
        message:
          'class LazyTool: @Tool() classes need an invoke(input, ctx) method. ' +
          'Add `async invoke(input, ctx) { ... }` returning a string, a JSON value or a ToolOutput.',
      });
    });

    it('rejects an invoke that is a property, not a method', () => {
      expect(() => {
        Tool({ name: 'lazy', description: 'Does nothing.' })(
          // @ts-expect-error the types reject it too; the runtime check catches untyped callers
          class FieldTool {
            public invoke = 1;
          },
        );
      }).toThrow(ToolDefinitionError);
    });
  });

  describe('without options', () => {
    it('throws ToolDefinitionError asking for an options object', () => {
      const error = definitionErrorOf(() => {
        decorate(undefined as unknown as ToolOptions);
      });
      expect(error.message).toBe(
        "class BrokenTool: @Tool() needs an options object. Write @Tool({ name: 'my_tool', description: '...' }).",
      );
    });
  });
});
