import { targetConstructorToSchema } from 'class-validator-jsonschema';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { ValidationTypes } from 'class-validator';
import type { JsonArray, JsonObject, JsonValue } from '../values/JsonValue.js';
import type { Constructor } from './Constructor.js';
import { getDtoMetadatas, getNestedClass } from './getDtoConstraints.js';

const REF_PREFIX = '#/definitions/';

const CONVERTER_OPTIONS = {
  classTransformerMetadataStorage: defaultMetadataStorage,
  refPointerPrefix: REF_PREFIX,
  additionalConverters: {
    // The default converter emits a pattern demanding fractional seconds, stricter than
    // class-validator itself; `date-time` is what both agree on.
    isDateString: { type: 'string' as const, format: 'date-time' },
  },
};

/** Every class a DTO references by `$ref` name, nested ones included. */
function collectNestedClasses(root: Constructor): Map<string, Constructor> {
  const found = new Map<string, Constructor>();
  const visit = (target: Constructor): void => {
    for (const meta of getDtoMetadatas(target)) {
      if (meta.type !== ValidationTypes.NESTED_VALIDATION) continue;
      const nested = getNestedClass(target, meta.propertyName);
      if (nested === undefined || found.has(nested.name)) continue;
      found.set(nested.name, nested);
      visit(nested);
    }
  };
  visit(root);
  return found;
}

/** Closes every object schema a DTO produced: unknown keys are rejected at every level. */
function closeObjects(schema: JsonValue): JsonValue {
  if (isJsonArray(schema)) return schema.map(closeObjects);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = closeObjects(value);
  if (out.type === 'object' && typeof out.properties === 'object') {
    out.additionalProperties = false;
  }
  return out;
}

function isJsonArray(value: JsonValue): value is JsonArray {
  return Array.isArray(value);
}

type SchemaFor = (target: Constructor) => JsonObject;

/**
 * Replaces `$ref`s with the referenced class's schema, keeping a `$ref` (and a definition)
 * only where a class contains itself.
 */
function inlineRefs(
  schema: JsonValue,
  classes: ReadonlyMap<string, Constructor>,
  schemaFor: SchemaFor,
  stack: readonly string[],
  definitions: Record<string, JsonObject>,
): JsonValue {
  if (isJsonArray(schema)) {
    return schema.map((item) => inlineRefs(item, classes, schemaFor, stack, definitions));
  }
  if (typeof schema !== 'object' || schema === null) return schema;
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith(REF_PREFIX)) {
    const name = ref.slice(REF_PREFIX.length);
    const target = classes.get(name);
    if (target === undefined) return schema;
    if (stack.includes(name)) {
      if (definitions[name] === undefined) {
        definitions[name] = {};
        definitions[name] = inlineRefs(schemaFor(target), classes, schemaFor, [name], definitions) as JsonObject;
      }
      return schema;
    }
    return inlineRefs(schemaFor(target), classes, schemaFor, [...stack, name], definitions);
  }
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = inlineRefs(value, classes, schemaFor, stack, definitions);
  }
  return out;
}

/**
 * Builds a self-contained JSON Schema from a class whose properties carry class-validator
 * decorators: nested classes are inlined (recursive ones go to `definitions`), every object
 * is closed with `additionalProperties: false`, optional properties are not required.
 */
export function buildDtoSchema(target: Constructor): JsonObject {
  const classes = collectNestedClasses(target);
  const schemaFor: SchemaFor = (cls) =>
    closeObjects(targetConstructorToSchema(cls, CONVERTER_OPTIONS) as JsonValue) as JsonObject;
  const definitions: Record<string, JsonObject> = {};
  const root = inlineRefs(schemaFor(target), classes, schemaFor, [target.name], definitions) as JsonObject;
  const schema: Record<string, JsonValue> = {
    type: 'object',
    properties: {},
    ...root,
    additionalProperties: false,
  };
  if (Object.keys(definitions).length > 0) schema.definitions = definitions;
  return schema;
}
