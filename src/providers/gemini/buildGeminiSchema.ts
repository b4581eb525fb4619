import type { JsonObject, JsonValue } from '../../index.js';
import { GEMINI_SCHEMA_FORMATS, GEMINI_SCHEMA_KEYWORDS, GEMINI_SCHEMA_TYPES } from './GEMINI_SCHEMA_KEYWORDS.js';
import { inlineSchemaRefs } from '../schema/inlineSchemaRefs.js';
import { isJsonArray } from '../schema/isJsonArray.js';
import { isSchemaObject } from '../schema/isSchemaObject.js';

function addNote(schema: Record<string, JsonValue>, note: string): void {
  const description = schema['description'];
  schema['description'] = typeof description === 'string' && description !== '' ? `${description} (${note})` : note;
}

/** `allOf` merged into one schema, `oneOf` read as `anyOf`, `const` as a one-value `enum`. */
function normalize(value: JsonObject): Record<string, JsonValue> {
  const { allOf, oneOf, const: constant, ...rest } = value;
  const schema: Record<string, JsonValue> = { ...rest };
  if (Array.isArray(allOf)) {
    for (const part of allOf as readonly JsonValue[]) {
      if (!isSchemaObject(part)) continue;
      const merged = normalize(part);
      const properties = {
        ...(isSchemaObject(merged['properties']) ? merged['properties'] : {}),
        ...(isSchemaObject(schema['properties']) ? schema['properties'] : {}),
      };
      const mergedRequired = merged['required'];
      const ownRequired = schema['required'];
      const required = [
        ...(isJsonArray(mergedRequired) ? mergedRequired : []),
        ...(isJsonArray(ownRequired) ? ownRequired : []),
      ];
      Object.assign(
        schema,
        { ...merged, ...schema },
        Object.keys(properties).length > 0 ? { properties, required } : {},
      );
    }
  }
  if (Array.isArray(oneOf) && schema['anyOf'] === undefined) schema['anyOf'] = oneOf;
  const values = schema['enum'];
  if (isJsonArray(values) && values.includes(null)) {
    // A nullable enum: the null goes into the type (then `anyOf [T, null]`), the strings stay an enum.
    const rest = values.filter((item) => item !== null);
    const type = schema['type'];
    const types = isJsonArray(type)
      ? type
      : typeof type === 'string'
        ? [type]
        : rest.every((item) => typeof item === 'string')
          ? ['string']
          : [];
    schema['enum'] = rest;
    if (types.length > 0) schema['type'] = [...types.filter((item) => item !== 'null'), 'null'];
  }
  if (constant !== undefined) {
    if (typeof constant === 'string') schema['enum'] = [constant];
    else addNote(schema, `must be ${JSON.stringify(constant)}`);
  }
  return schema;
}

function toGemini(value: JsonValue): JsonObject {
  if (!isSchemaObject(value)) return {};
  const schema = normalize(value);
  const out: Record<string, JsonValue> = {};
  for (const key of GEMINI_SCHEMA_KEYWORDS) {
    const keyword = schema[key];
    if (keyword === undefined) continue;
    if (key === 'items') out[key] = toGemini(keyword);
    else if (key === 'anyOf' && Array.isArray(keyword)) out[key] = (keyword as readonly JsonValue[]).map(toGemini);
    else if (key === 'properties' && isSchemaObject(keyword)) {
      out[key] = Object.fromEntries(Object.entries(keyword).map(([name, child]) => [name, toGemini(child)]));
    } else if (key === 'required' && Array.isArray(keyword)) {
      const names = isSchemaObject(schema['properties']) ? Object.keys(schema['properties']) : [];
      out[key] = keyword.filter((name) => typeof name === 'string' && names.includes(name));
    } else if (key === 'enum' && Array.isArray(keyword)) {
      if (keyword.every((item) => typeof item === 'string')) out[key] = keyword;
      else addNote(out, `one of ${JSON.stringify(keyword)}`);
    } else if (key === 'format') {
      if (typeof keyword === 'string' && GEMINI_SCHEMA_FORMATS.includes(keyword)) out[key] = keyword;
    } else if (key !== 'type' && key !== 'anyOf' && key !== 'properties' && key !== 'required' && key !== 'enum')
      out[key] = keyword;
  }
  const type = schema['type'];
  const types = (Array.isArray(type) ? type : type === undefined ? [] : [type]).filter(
    (item): item is string => typeof item === 'string' && GEMINI_SCHEMA_TYPES.includes(item),
  );
  const nonNull = types.filter((item) => item !== 'null');
  if (nonNull.length === 1) out['type'] = nonNull[0] ?? 'string';
  else if (nonNull.length > 1 && out['anyOf'] === undefined) out['anyOf'] = nonNull.map((item) => ({ type: item }));
  else if (types.length === 1) out['type'] = 'null';
  if (out['type'] === undefined && isSchemaObject(out['properties'])) out['type'] = 'object';
  if (nonNull.length > 0 && types.includes('null')) {
    const { description, ...inner } = out;
    return { ...(description === undefined ? {} : { description }), anyOf: [inner, { type: 'null' }] };
  }
  return out;
}

/**
 * A JSON Schema reduced to the subset Gemini's function declarations accept: local `$ref`s
 * inlined (recursive ones become `{}`), `allOf` merged, `oneOf` read as `anyOf`, `const` as a
 * one-value `enum`, a nullable type as `anyOf [T, null]`; `additionalProperties`, non-string
 * enums, unknown formats and every other keyword dropped (notes for dropped values go into the
 * description). The executor still validates every call against the full schema.
 */
export function buildGeminiSchema(schema: JsonObject): JsonObject {
  return toGemini(inlineSchemaRefs(schema).schema);
}
