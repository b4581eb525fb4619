import type { JsonObject, JsonValue } from '../index.js';
import { inlineSchemaRefs } from './schema/inlineSchemaRefs.js';
import { isJsonArray } from './schema/isJsonArray.js';
import { isSchemaObject } from './schema/isSchemaObject.js';

function acceptsNull(schema: JsonValue | undefined): boolean {
  if (!isSchemaObject(schema)) return true;
  const { type, anyOf, oneOf, enum: values, const: constant } = schema;
  if (type === 'null' || (Array.isArray(type) && type.includes('null')) || constant === null) return true;
  if (Array.isArray(values) && values.includes(null)) return true;
  return [anyOf, oneOf].some(
    (branches) =>
      isJsonArray(branches) &&
      branches.some((branch) => isSchemaObject(branch) && Object.keys(branch).length > 0 && acceptsNull(branch)),
  );
}

function clean(value: JsonValue, schema: JsonValue | undefined): JsonValue {
  if (!isSchemaObject(schema)) return value;
  if (isJsonArray(value)) {
    const items = schema['items'];
    return isSchemaObject(items) ? value.map((item) => clean(item, items)) : value;
  }
  if (!isSchemaObject(value)) return value;
  const properties = isSchemaObject(schema['properties']) ? schema['properties'] : {};
  const required = Array.isArray(schema['required']) ? (schema['required'] as readonly JsonValue[]) : [];
  const entries = Object.entries(value).flatMap(([name, child]): [string, JsonValue][] => {
    const childSchema = properties[name];
    if (child === null && childSchema !== undefined && !required.includes(name) && !acceptsNull(childSchema)) return [];
    return [[name, clean(child, childSchema)]];
  });
  return Object.fromEntries(entries);
}

/**
 * `input` without the `null`s OpenAI strict mode sends for optional properties the model left
 * out: removed only where `inputSchema` (the tool's own schema) has the property as optional and
 * does not accept `null` for it, at every object level reached through `properties` and `items`.
 */
export function removeOptionalNulls(input: JsonValue, inputSchema: JsonObject): JsonValue {
  return clean(input, inlineSchemaRefs(inputSchema).schema);
}
