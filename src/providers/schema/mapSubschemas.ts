import type { JsonObject, JsonValue } from '../../index.js';
import { isSchemaObject } from './isSchemaObject.js';

/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = new Set([
  'items',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'additionalItems',
  'unevaluatedItems',
  'unevaluatedProperties',
]);
/** Keywords whose value is an array of schemas (`items` too, in draft-07 tuple form). */
const SCHEMA_ARRAY_KEYWORDS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items']);
/** Keywords whose value is a map from names to schemas. */
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/**
 * A copy of `schema` where every direct subschema went through `map`; keyword values that are
 * data (`enum`, `const`, `default`, `required`, ...) are kept as they are. Property names are
 * never mistaken for keywords.
 */
export function mapSubschemas(schema: JsonObject, map: (subschema: JsonValue) => JsonValue): JsonObject {
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]): [string, JsonValue] => {
      if (SCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value))
        return [key, (value as readonly JsonValue[]).map(map)];
      if (SCHEMA_KEYWORDS.has(key)) return [key, map(value)];
      if (SCHEMA_MAP_KEYWORDS.has(key) && isSchemaObject(value)) {
        return [key, Object.fromEntries(Object.entries(value).map(([name, child]) => [name, map(child)]))];
      }
      return [key, value];
    }),
  );
}
