import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import { getDesignType } from '../metadata/getDesignType.js';
import type { JsonValue } from '../values/JsonValue.js';
import type { Constructor } from '../metadata/Constructor.js';
import { getDtoMetadatas, getNestedClass } from './getDtoConstraints.js';
import { getDtoLibraries } from './getDtoLibraries.js';

/** Classes a nested property cannot hold: JSON gives them no shape to validate. */
const NOT_NESTABLE: readonly unknown[] = [String, Number, Boolean, Symbol, BigInt, Date, Function, Promise, Map, Set];

/** class-transformer's per-class maps (`_typeMetadatas`, ...), read defensively: property names only. */
function getTransformerPropertyNames(target: Constructor): Set<string> {
  const names = new Set<string>();
  const storage = getDtoLibraries(`class ${target.name}`).transformerStorage as unknown as Record<string, unknown>;
  for (const key of ['_typeMetadatas', '_transformMetadatas', '_exposeMetadatas']) {
    const byClass = storage[key];
    if (!(byClass instanceof Map)) continue;
    for (
      let current: unknown = target;
      typeof current === 'function' && current !== Function.prototype;
      current = Object.getPrototypeOf(current)
    ) {
      const byProperty: unknown = byClass.get(current);
      if (byProperty instanceof Map)
        for (const name of byProperty.keys()) if (typeof name === 'string') names.add(name);
    }
  }
  return names;
}

function describeDesignType(target: Constructor, propertyName: string): string {
  const design = getDesignType(target.prototype as object, propertyName);
  if (design === undefined)
    return 'there is no @Type(() => X) and no emitted design type (the compiler ran without emitDecoratorMetadata, as esbuild and tsx do)';
  const name = typeof design === 'function' ? design.name : typeof design;
  return `there is no @Type(() => X) and the emitted design type is ${name}, which names no DTO class`;
}

function isEmptySchema(schema: JsonValue | undefined): boolean {
  return typeof schema === 'object' && schema !== null && !Array.isArray(schema) && Object.keys(schema).length === 0;
}

/**
 * Throws when a DTO property's type cannot be known, so its schema would silently accept
 * anything (`{}`) or point nowhere: a nested property (`@ValidateNested`) whose class is given
 * by neither `@Type(() => X)` nor an emitted design type; a property whose decorators say
 * nothing about what it holds (`@IsOptional()` alone); a property that only class-transformer
 * knows (`@Type` alone), which class-validator never validates. `@Allow()` accepts any value on
 * purpose and is left alone.
 * @throws ToolDefinitionError naming the class, the property and the fix.
 */
export function assertDtoTypesKnown(target: Constructor, properties: Readonly<Record<string, JsonValue>>): void {
  const subject = `class ${target.name}`;
  const { ValidationTypes } = getDtoLibraries(subject).validator;
  const types = new Map<string, Set<string>>();
  for (const meta of getDtoMetadatas(target)) {
    // class-validator types `propertyName` as always set; class-level metadata leaves it empty or out.
    const propertyName = meta.propertyName as string | undefined;
    if (propertyName === '' || propertyName === undefined) continue;
    const set = types.get(propertyName) ?? new Set<string>();
    set.add(meta.type);
    types.set(propertyName, set);
  }
  for (const [name, kinds] of types) {
    if (kinds.has(ValidationTypes.NESTED_VALIDATION)) {
      const nested = getNestedClass(target, name);
      if (nested === undefined || NOT_NESTABLE.includes(nested)) {
        throw new ToolDefinitionError(
          subject,
          `property "${name}" is validated as a nested object (@ValidateNested), but its class cannot be known: ${nested === undefined ? describeDesignType(target, name) : `its type is ${nested.name}, not a DTO class`}. Its schema would accept any value.`,
          `Add @Type(() => YourClass) from class-transformer to "${name}" (for arrays too: @Type names the item class), or drop @ValidateNested and describe the value with class-validator decorators.`,
        );
      }
    }
    if (isEmptySchema(properties[name]) && !kinds.has(ValidationTypes.WHITELIST)) {
      throw new ToolDefinitionError(
        subject,
        `property "${name}" has decorators that say nothing about what it holds (such as @IsOptional() alone), so its schema would be {} and accept any value.`,
        `Add a type decorator to "${name}" (@IsString(), @IsInt(), @IsBoolean(), @IsArray(), @ValidateNested() with @Type(() => X), ...), or @Allow() to accept any JSON value on purpose.`,
      );
    }
  }
  for (const name of getTransformerPropertyNames(target)) {
    if (!types.has(name)) {
      throw new ToolDefinitionError(
        subject,
        `property "${name}" has class-transformer decorators (@Type, @Transform or @Expose) but no class-validator decorator, so the input schema leaves it out and no input can set it.`,
        `Add class-validator decorators to "${name}" (e.g. @ValidateNested() next to @Type(() => X), or @IsString()), or remove its class-transformer decorators.`,
      );
    }
  }
}
