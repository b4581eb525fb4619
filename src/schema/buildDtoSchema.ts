import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata.js';
import type { JsonArray, JsonObject, JsonValue } from '../values/JsonValue.js';
import { assertDtoTypesKnown } from './assertDtoTypesKnown.js';
import type { Constructor } from '../metadata/Constructor.js';
import { getNestedClass } from './getDtoConstraints.js';
import { getDtoLibraries, type DtoLibraries } from './getDtoLibraries.js';

const REF_PREFIX = '#/definitions/';

/**
 * `@IsEnum` as class-validator means it for JSON input: the enum's values. TypeScript numeric
 * enums carry reverse-mapped names (`{ 0: 'A', A: 0 }`); the names are not values.
 */
function convertEnum(meta: ValidationMetadata): JsonObject {
  const enumObject = meta.constraints[0] as Record<string, JsonValue>;
  const values = Object.entries(enumObject)
    .filter(([key, value]) => !(/^\d+$/.test(key) && typeof value === 'string' && enumObject[value] === Number(key)))
    .map(([, value]) => value);
  const types = new Set(values.map((value) => typeof value));
  const type =
    types.size === 1 ? (types.has('number') ? 'number' : types.has('string') ? 'string' : undefined) : undefined;
  return type === undefined ? { enum: values } : { type, enum: values };
}

/** class-validator-jsonschema's options, given class-transformer's storage. */
const buildConverterOptions = (classTransformerMetadataStorage: DtoLibraries['transformerStorage']) => ({
  classTransformerMetadataStorage,
  refPointerPrefix: REF_PREFIX,
  additionalConverters: {
    // The default converter emits a pattern demanding fractional seconds, stricter than
    // class-validator itself; `date-time` is what both agree on.
    isDateString: { type: 'string' as const, format: 'date-time' },
    isEnum: convertEnum as never,
  },
});

function isJsonArray(value: JsonValue): value is JsonArray {
  return Array.isArray(value);
}

function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Closes every object schema a DTO produced: unknown keys are rejected at every level. */
function closeObjects(schema: JsonValue): JsonValue {
  if (isJsonArray(schema)) return schema.map(closeObjects);
  if (!isJsonObject(schema)) return schema;
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = closeObjects(value);
  if (out.type === 'object' && typeof out.properties === 'object') out.additionalProperties = false;
  return out;
}

/** Replaces every `$ref` in `schema` with what `resolve` gives. */
function replaceRefs(schema: JsonValue, resolve: () => JsonObject): JsonValue {
  if (isJsonArray(schema)) return schema.map((item) => replaceRefs(item, resolve));
  if (!isJsonObject(schema)) return schema;
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith(REF_PREFIX)) return resolve();
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = replaceRefs(value, resolve);
  return out;
}

/** Builds class schemas, inlining nested classes; a class that contains itself goes to definitions. */
class DtoSchemaBuilder {
  public readonly definitions: Record<string, JsonObject> = {};
  readonly #keys = new Map<Constructor, string>();

  public build(target: Constructor, stack: readonly Constructor[]): JsonObject {
    const { jsonSchema, transformerStorage } = getDtoLibraries(`class ${target.name}`);
    const options = buildConverterOptions(transformerStorage);
    const schema = closeObjects(jsonSchema.targetConstructorToSchema(target, options) as JsonValue) as JsonObject;
    const properties = schema.properties;
    assertDtoTypesKnown(target, isJsonObject(properties) ? properties : {});
    if (!isJsonObject(properties)) return schema;
    const resolved: Record<string, JsonValue> = {};
    for (const [name, property] of Object.entries(properties)) {
      // Each nested class is found from its owner and property, never by its (maybe shared) name.
      const nested = getNestedClass(target, name);
      resolved[name] = nested === undefined ? property : replaceRefs(property, () => this.#resolve(nested, stack));
    }
    return { ...schema, properties: resolved };
  }

  #resolve(nested: Constructor, stack: readonly Constructor[]): JsonObject {
    if (!stack.includes(nested)) return this.build(nested, [...stack, nested]);
    let key = this.#keys.get(nested);
    if (key === undefined) {
      key = nested.name;
      for (let n = 2; key in this.definitions; n++) key = `${nested.name}_${n}`;
      this.#keys.set(nested, key);
      this.definitions[key] = {};
      this.definitions[key] = this.build(nested, [nested]);
    }
    return { $ref: `${REF_PREFIX}${key}` };
  }
}

/**
 * Builds a self-contained JSON Schema from a class whose properties carry class-validator
 * decorators: nested classes are inlined (recursive ones go to `definitions`), every object
 * is closed with `additionalProperties: false`, optional properties are not required. A
 * property whose type cannot be known throws (see {@link assertDtoTypesKnown}): a schema is
 * never silently `{}`.
 * @throws ToolDefinitionError
 * @internal
 */
export function buildDtoSchema(target: Constructor): JsonObject {
  const builder = new DtoSchemaBuilder();
  const root = builder.build(target, [target]);
  const schema: Record<string, JsonValue> = { type: 'object', properties: {}, ...root, additionalProperties: false };
  if (Object.keys(builder.definitions).length > 0) schema.definitions = builder.definitions;
  return schema;
}
