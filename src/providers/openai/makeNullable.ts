import type { JsonObject, JsonValue } from '../../index.js';

function acceptsNull(schema: JsonObject): boolean {
  const { type } = schema;
  return type === 'null' || (Array.isArray(type) && type.includes('null'));
}

/** `schema` widened to accept `null` as well, in the forms strict mode accepts. */
export function makeNullable(schema: JsonObject): JsonObject {
  if (acceptsNull(schema)) return schema;
  const { type, enum: values, const: constant, anyOf } = schema;
  if (Array.isArray(anyOf)) return { ...schema, anyOf: [...(anyOf as readonly JsonValue[]), { type: 'null' }] };
  if (typeof type === 'string' || Array.isArray(type)) {
    const widened: Record<string, JsonValue> = {
      ...schema,
      type: [...(Array.isArray(type) ? (type as readonly JsonValue[]) : [type]), 'null'],
    };
    if (Array.isArray(values)) widened['enum'] = [...(values as readonly JsonValue[]), null];
    if (constant !== undefined) {
      delete widened['const'];
      widened['enum'] = [constant, null];
    }
    return widened;
  }
  const { description, ...rest } = schema;
  return { ...(description === undefined ? {} : { description }), anyOf: [rest, { type: 'null' }] };
}
