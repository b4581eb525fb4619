import type { JsonObject, JsonValue } from '../../index.js';
import { inlineSchemaRefs } from '../schema/inlineSchemaRefs.js';
import { isSchemaObject } from '../schema/isSchemaObject.js';
import { makeNullable } from './makeNullable.js';
import { omitKeys } from '../schema/omitKeys.js';
import { OPENAI_STRICT_FORMATS, OPENAI_STRICT_KEYWORDS } from './OPENAI_STRICT_KEYWORDS.js';

/** Thrown inside the walk when a part of the schema has no strict-mode form. */
class NotStrict extends Error {}

function isObjectSchema(schema: JsonObject): boolean {
  const { type } = schema;
  return (
    type === 'object' ||
    (Array.isArray(type) && type.includes('object')) ||
    (type === undefined && isSchemaObject(schema['properties']))
  );
}

function toStrict(value: JsonValue): JsonObject {
  if (!isSchemaObject(value)) throw new NotStrict();
  let schema = value;
  if (Array.isArray(schema['oneOf'])) {
    const { oneOf, ...rest } = schema;
    schema = { ...rest, anyOf: oneOf };
  }
  if (Array.isArray(schema['allOf'])) {
    const [only, ...more] = schema['allOf'] as readonly JsonValue[];
    if (more.length > 0 || !isSchemaObject(only)) throw new NotStrict();
    schema = { ...only, ...omitKeys(schema, ['allOf']) };
  }
  const out: Record<string, JsonValue> = {};
  for (const key of OPENAI_STRICT_KEYWORDS) {
    const keyword = schema[key];
    if (keyword === undefined || key === 'properties' || key === 'required' || key === 'additionalProperties') continue;
    if (key === 'items') out[key] = toStrict(keyword);
    else if (key === 'anyOf') out[key] = (keyword as readonly JsonValue[]).map(toStrict);
    else if (key === 'format') {
      if (typeof keyword === 'string' && OPENAI_STRICT_FORMATS.includes(keyword)) out[key] = keyword;
    } else out[key] = keyword;
  }
  if (isObjectSchema(schema)) {
    const properties = isSchemaObject(schema['properties']) ? schema['properties'] : {};
    const extra = schema['additionalProperties'];
    if (extra !== undefined && extra !== false) throw new NotStrict();
    const required = Array.isArray(schema['required']) ? (schema['required'] as readonly JsonValue[]) : [];
    out['type'] ??= 'object';
    out['properties'] = Object.fromEntries(
      Object.entries(properties).map(([name, child]) => [
        name,
        required.includes(name) ? toStrict(child) : makeNullable(toStrict(child)),
      ]),
    );
    out['required'] = Object.keys(properties);
    out['additionalProperties'] = false;
  }
  const isArray = out['type'] === 'array' || (Array.isArray(out['type']) && out['type'].includes('array'));
  if (isArray && out['items'] === undefined) throw new NotStrict();
  if (
    out['type'] === undefined &&
    out['anyOf'] === undefined &&
    out['enum'] === undefined &&
    out['const'] === undefined
  )
    throw new NotStrict();
  return out;
}

/**
 * The input schema in OpenAI strict-mode form: every object lists all its properties in
 * `required` and has `additionalProperties: false`; optional properties accept `null` instead
 * (`fromOpenAIToolCall` removes those `null`s again); keywords strict mode does not accept are
 * dropped. `undefined` when the schema has no strict form (free-form maps, recursive
 * references, an array without `items`, `allOf` of several schemas, a root that is not an
 * object): declare that tool with `strict: false`.
 */
export function buildStrictSchema(inputSchema: JsonObject): JsonObject | undefined {
  const { schema, complete } = inlineSchemaRefs(inputSchema);
  if (!complete || !isObjectSchema(schema) || schema['anyOf'] !== undefined) return undefined;
  try {
    return toStrict(schema);
  } catch (error) {
    if (error instanceof NotStrict) return undefined;
    throw error;
  }
}
