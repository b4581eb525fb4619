/**
 * The JSON Schema keywords OpenAI's strict mode (Structured Outputs) accepts; others are dropped
 * from the declaration (the executor still enforces the full schema on every call).
 */
export const OPENAI_STRICT_KEYWORDS: readonly string[] = [
  'type',
  'description',
  'title',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'enum',
  'const',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
];

/** The string formats strict mode accepts. */
export const OPENAI_STRICT_FORMATS: readonly string[] = [
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
];
