/**
 * The keywords kept in Gemini declarations: the subset Gemini's function declarations accept
 * (its OpenAPI 3.0 `Schema` object, written as JSON Schema). No `$ref`, `additionalProperties`,
 * `const`, `oneOf`, `allOf`, `not`, `default` or tuple forms; `enum` holds strings only.
 */
export const GEMINI_SCHEMA_KEYWORDS: readonly string[] = [
  'type',
  'description',
  'enum',
  'format',
  'items',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'properties',
  'required',
  'anyOf',
];

/** The `type` values Gemini accepts, one per schema. */
export const GEMINI_SCHEMA_TYPES: readonly string[] = [
  'string',
  'number',
  'integer',
  'boolean',
  'array',
  'object',
  'null',
];

/** The `format` values Gemini accepts. */
export const GEMINI_SCHEMA_FORMATS: readonly string[] = [
  'date-time',
  'date',
  'time',
  'enum',
  'int32',
  'int64',
  'float',
  'double',
];
