import { ToolDefinitionError } from '../../errors/ToolDefinitionError.js';
import type { JsonObject } from '../../values/JsonValue.js';
import { closeConvertedSchema } from './closeConvertedSchema.js';
import { getConverterOptions } from './getConverterOptions.js';
import type { StandardInputSchema } from './StandardInputSchema.js';

/** How to get a schema that gives its JSON Schema, by the vendors that have one without. */
const FIXES_WITHOUT_JSON_SCHEMA: Readonly<Record<string, string>> = {
  valibot:
    "Wrap it: `input: toStandardJsonSchema(schema)` with `import { toStandardJsonSchema } from '@valibot/to-json-schema'`.",
  zod: 'Declare it with `zod` itself (zod 4.6 or later; `zod/mini` schemas do not carry their JSON Schema).',
};

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The `~standard` object, checked as far as the package relies on it. */
function getStandardProps(schema: unknown, subject: string): StandardInputSchema['~standard'] {
  const props: unknown = (schema as { readonly '~standard'?: unknown })['~standard'];
  if (!isRecord(props) || props.version !== 1 || typeof props.validate !== 'function') {
    throw new ToolDefinitionError(
      subject,
      '@Tool({ input }) has a `~standard` property but is not a Standard Schema v1 object.',
      'Pass a zod 4 or valibot schema, a class-validator DTO class, or a JSON Schema object.',
    );
  }
  const vendor = typeof props.vendor === 'string' ? props.vendor : 'unknown';
  const { jsonSchema } = props;
  if (!isRecord(jsonSchema) || typeof jsonSchema.input !== 'function') {
    throw new ToolDefinitionError(
      subject,
      `@Tool({ input }) is a ${vendor} schema that cannot give its JSON Schema (it does not implement Standard JSON Schema v1), and the model needs one.`,
      FIXES_WITHOUT_JSON_SCHEMA[vendor] ??
        'Use a version of the library that implements Standard JSON Schema (`~standard.jsonSchema`), or pass the JSON Schema itself.',
    );
  }
  return props as unknown as StandardInputSchema['~standard'];
}

/**
 * Converts a Standard Schema input (zod 4, valibot wrapped in `toStandardJsonSchema`) to the
 * tool's input JSON Schema once, at registration: draft-07, as the library writes its input
 * type, then closed (see {@link closeConvertedSchema}). Refinements the JSON Schema cannot say
 * are checked at call time by the library's own `validate`, after the JSON Schema.
 * @throws ToolDefinitionError when the object is not a Standard JSON Schema, the library cannot
 *   convert it (a `Date`, a `Map`, a custom type), or the result cannot be a closed object.
 * @internal
 */
export function buildStandardInputSchema(schema: unknown, subject: string): JsonObject {
  const props = getStandardProps(schema, subject);
  let converted: Record<string, unknown>;
  try {
    converted = props.jsonSchema.input({
      target: 'draft-07',
      ...getConverterOptions(props.vendor),
    });
  } catch (error) {
    throw new ToolDefinitionError(
      subject,
      `its ${props.vendor} input schema cannot be written as JSON Schema: ${describe(error)}.`,
      'Tool input arrives as JSON: use JSON types (strings, numbers, booleans, arrays, objects), e.g. an ISO string instead of a Date.',
      { cause: error },
    );
  }
  return closeConvertedSchema(converted, subject, props.vendor);
}
