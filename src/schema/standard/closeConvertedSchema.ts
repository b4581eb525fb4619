import { ToolDefinitionError } from '../../errors/ToolDefinitionError.js';
import type { JsonObject, JsonValue } from '../../values/JsonValue.js';
import { getAjv } from '../getAjv.js';

/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = new Set([
  'additionalProperties',
  'additionalItems',
  'contains',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
]);
/** Keywords whose value is an array of schemas (`items` too, in its tuple form). */
const SCHEMA_ARRAY_KEYWORDS = new Set(['allOf', 'anyOf', 'items', 'oneOf']);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP_KEYWORDS = new Set(['$defs', 'definitions', 'dependencies', 'patternProperties', 'properties']);

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isObjectSchema(schema: JsonObject): boolean {
  const { type } = schema;
  return type === 'object' || (Array.isArray(type) && type.includes('object')) || isObject(schema.properties);
}

function isUnionOfObjects(members: JsonValue | undefined): boolean {
  return Array.isArray(members) && members.length > 0 && members.every((m) => isObject(m) && isObjectSchema(m));
}

/** `true` or `{}`: any value. */
function acceptsAnything(schema: JsonValue | undefined): boolean {
  return schema === true || (isObject(schema) && Object.keys(schema).length === 0);
}

/** Closes converted schemas, walking subschemas by keyword (property names are never keywords). */
class SchemaCloser {
  readonly #formats: Readonly<Record<string, unknown>> = getAjv('strict').formats;

  public constructor(
    private readonly subject: string,
    private readonly vendor: string,
  ) {}

  public close(schema: JsonValue, path: string): JsonValue {
    if (!isObject(schema)) return schema;
    const out: Record<string, JsonValue> = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$schema') continue;
      // The library checks every format it writes; ajv checks those it knows (the others would not compile).
      if (key === 'format' && typeof value === 'string' && !(value in this.#formats)) continue;
      out[key] = this.#closeKeyword(key, value, `${path}/${key}`);
    }
    if (isObjectSchema(out)) this.#closeObject(out, path);
    if (Array.isArray(out.items) && out.additionalItems === undefined) out.additionalItems = false;
    if (Array.isArray(out.allOf) && out.allOf.some((member) => isObject(member) && isObjectSchema(member))) {
      throw new ToolDefinitionError(
        this.subject,
        `its ${this.vendor} input schema has an intersection of objects at ${path || '/'}: JSON Schema draft-07 cannot close its members without refusing every input.`,
        'Merge them into one object instead: zod `a.extend(b.shape)`, valibot `v.object({ ...a.entries, ...b.entries })`.',
      );
    }
    return out;
  }

  #closeKeyword(key: string, value: JsonValue, path: string): JsonValue {
    if (SCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value)) {
      return (value as readonly JsonValue[]).map((item, index) => this.close(item, `${path}/${index}`));
    }
    if (SCHEMA_KEYWORDS.has(key)) return this.close(value, path);
    if (SCHEMA_MAP_KEYWORDS.has(key) && isObject(value)) {
      return Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, this.close(child, `${path}/${name}`)]),
      );
    }
    return value;
  }

  /** Unknown keys are refused: an object without `additionalProperties` gets `false`. */
  #closeObject(out: Record<string, JsonValue>, path: string): void {
    if (out.additionalProperties === undefined) {
      out.additionalProperties = false;
      return;
    }
    if (isObject(out.properties) && acceptsAnything(out.additionalProperties)) {
      throw new ToolDefinitionError(
        this.subject,
        `its ${this.vendor} input schema accepts unknown keys at ${path || '/'} (a loose or passthrough object), and tool input objects are closed.`,
        'Use a plain or strict object (zod `z.object`, valibot `v.object`), or a record for a map of names to values.',
      );
    }
  }
}

/**
 * The JSON Schema a library converted, under the rules every tool input follows: no
 * `$schema` (the model and ajv read draft-07), a root object (a root union of objects gets
 * `type: 'object'`), every object closed
 * (`additionalProperties: false` where the library wrote nothing: zod's and valibot's default
 * objects strip unknown keys, tool input refuses them), tuples closed
 * (`additionalItems: false`), formats ajv does not know left to the library (which checks
 * them after the schema; the `pattern` libraries write beside them stays).
 * @throws ToolDefinitionError for a root that is not an object, an object that accepts any
 *   extra key, or an intersection of objects (`allOf`), which draft-07 cannot close.
 * @internal
 */
export function closeConvertedSchema(converted: Record<string, unknown>, subject: string, vendor: string): JsonObject {
  const closed = new SchemaCloser(subject, vendor).close(converted as JsonObject, '') as Record<string, JsonValue>;
  // A union of objects at the root (zod writes an intersection with a union so) is an object.
  if (closed.type === undefined && isUnionOfObjects(closed.anyOf ?? closed.oneOf)) closed.type = 'object';
  if (closed.type !== 'object') {
    throw new ToolDefinitionError(
      subject,
      `its ${vendor} input schema is not an object schema (tool input is a JSON object of named arguments).`,
      'Declare the input as an object, e.g. `z.object({ text: z.string() })` or `v.object({ text: v.string() })`.',
    );
  }
  return closed;
}
