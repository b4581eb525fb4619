import { describe, expect, it } from '@jest/globals';
import { Type } from 'class-transformer';
import { Allow, IsOptional, IsString, ValidateNested } from 'class-validator';
import { Tool, ToolDefinitionError } from '../../src/index.js';
import { buildDtoSchema } from '../../src/internal/index.js';

/** A nested DTO every case below means to hold. */
class Address {
  @IsString()
  public street!: string;
}

/**
 * A DTO built the way a compiler without decorator metadata leaves it (esbuild, tsx): a plain
 * class, its decorators applied by hand, so no `design:type` exists unless a case adds one.
 */
function dtoWithout(design: unknown, decorate: (prototype: object) => void): new () => object {
  class Input {}
  decorate(Input.prototype);
  if (design !== undefined) Reflect.defineMetadata('design:type', design, Input.prototype, 'address');
  return Input;
}

/** What `@Tool({ input })` throws when it runs on a class, or 'accepted'. */
function toolError(input: new () => object): unknown {
  class AddressTool {
    public invoke(): string {
      return 'ok';
    }
  }
  try {
    Tool({ name: 'address_tool', description: 'Stores an address.', input })(AddressTool);
  } catch (error) {
    return error;
  }
  return 'accepted';
}

const NESTED_FIX =
  'Add @Type(() => YourClass) from class-transformer to "address" (for arrays too: @Type names the item class), or drop @ValidateNested and describe the value with class-validator decorators.';

describe('buildDtoSchema, properties whose type cannot be known', () => {
  it('throws when @Tool runs on a DTO with @ValidateNested, no @Type and no emitted design type', () => {
    const error = toolError(
      dtoWithout(undefined, (prototype) => {
        ValidateNested()(prototype, 'address');
      }),
    );

    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect({ subject: (error as ToolDefinitionError).subject, message: (error as Error).message }).toStrictEqual({
      subject: 'class Input',
      message: `class Input: property "address" is validated as a nested object (@ValidateNested), but its class cannot be known: there is no @Type(() => X) and no emitted design type (the compiler ran without emitDecoratorMetadata, as esbuild and tsx do). Its schema would accept any value. ${NESTED_FIX}`,
    });
  });

  it.each([
    ['Object (an interface type)', Object],
    ['Array (items of unknown class)', Array],
  ])('throws when the emitted design type is %s and there is no @Type', (_label, design) => {
    const error = toolError(
      dtoWithout(design, (prototype) => {
        ValidateNested({ each: design === Array })(prototype, 'address');
      }),
    );

    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect((error as Error).message).toBe(
      `class Input: property "address" is validated as a nested object (@ValidateNested), but its class cannot be known: there is no @Type(() => X) and the emitted design type is ${design.name}, which names no DTO class. Its schema would accept any value. ${NESTED_FIX}`,
    );
  });

  it('throws when a property only says it is optional', () => {
    const error = toolError(
      dtoWithout(String, (prototype) => {
        IsOptional()(prototype, 'address');
      }),
    );

    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect((error as Error).message).toBe(
      'class Input: property "address" has decorators that say nothing about what it holds (such as @IsOptional() alone), so its schema would be {} and accept any value. Add a type decorator to "address" (@IsString(), @IsInt(), @IsBoolean(), @IsArray(), @ValidateNested() with @Type(() => X), ...), or @Allow() to accept any JSON value on purpose.',
    );
  });

  it('throws when a property has @Type but no class-validator decorator', () => {
    const error = toolError(
      dtoWithout(Address, (prototype) => {
        Type(() => Address)(prototype, 'address');
      }),
    );

    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect((error as Error).message).toBe(
      'class Input: property "address" has class-transformer decorators (@Type, @Transform or @Expose) but no class-validator decorator, so the input schema leaves it out and no input can set it. Add class-validator decorators to "address" (e.g. @ValidateNested() next to @Type(() => X), or @IsString()), or remove its class-transformer decorators.',
    );
  });

  it('throws for a nested class whose own property cannot be known', () => {
    const Inner = dtoWithout(undefined, (prototype) => {
      ValidateNested()(prototype, 'address');
    });
    class Outer {
      @ValidateNested()
      @Type(() => Inner)
      public inner!: object;
    }

    expect(() => buildDtoSchema(Outer)).toThrow(ToolDefinitionError);
  });

  it('builds the schema when @Type names the class, with or without design types', () => {
    const input = dtoWithout(undefined, (prototype) => {
      ValidateNested()(prototype, 'address');
      Type(() => Address)(prototype, 'address');
    });

    expect(buildDtoSchema(input)).toStrictEqual({
      type: 'object',
      properties: {
        address: {
          type: 'object',
          properties: { street: { type: 'string' } },
          required: ['street'],
          additionalProperties: false,
        },
      },
      required: ['address'],
      additionalProperties: false,
    });
  });

  it('accepts @Allow() as a deliberate "any JSON value"', () => {
    expect(
      buildDtoSchema(
        dtoWithout(undefined, (prototype) => {
          Allow()(prototype, 'address');
        }),
      ),
    ).toStrictEqual({
      type: 'object',
      properties: { address: {} },
      required: ['address'],
      additionalProperties: false,
    });
  });
});
