import type { ElicitationRequest, ElicitationResult } from '../interrupt/Elicitation.js';
import type { SchemaCompiler } from '../schema/SchemaCompiler.js';
import type { JsonObject } from '../values/JsonValue.js';

/** The property types MCP elicitation allows in a form (`array`: a multi-select of enum strings). */
const FIELD_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The tool's question as the executor can pass it on, or what is wrong with it: a non-empty
 * `message` and a flat object `schema` (`type: 'object'`, every property a string, number,
 * integer, boolean or multi-select array field, `required` naming properties). Never throws.
 */
export function checkQuestion(value: unknown): ElicitationRequest | string {
  try {
    if (!isRecord(value)) return 'the question must be an object { message, schema }';
    const { message, schema } = value;
    if (typeof message !== 'string' || message.trim() === '') return 'message must be a non-empty string';
    if (!isRecord(schema) || schema['type'] !== 'object') return "schema must be an object schema (type: 'object')";
    const properties = schema['properties'];
    if (!isRecord(properties)) return 'schema.properties must be an object of fields';
    for (const [name, field] of Object.entries(properties)) {
      if (!isRecord(field) || typeof field['type'] !== 'string' || !FIELD_TYPES.has(field['type'])) {
        return `schema.properties.${name} must be a flat field of type string, number, integer, boolean or array (MCP elicitation forms have no nested objects)`;
      }
    }
    const required = schema['required'];
    if (
      required !== undefined &&
      !(Array.isArray(required) && required.every((key) => typeof key === 'string' && key in properties))
    ) {
      return 'schema.required must list names of schema.properties';
    }
    return { message, schema: schema as JsonObject };
  } catch {
    return 'the question could not be read';
  }
}

/**
 * `content` with every field it leaves out that the form gives a `default` for set to that
 * default (MCP SEP-1034: a form's defaults are what the person accepted when they left a field).
 */
function withDefaults(content: Record<string, unknown>, schema: JsonObject): Record<string, unknown> {
  const properties = schema['properties'];
  if (!isRecord(properties)) return content;
  let filled: Record<string, unknown> | undefined;
  for (const [name, field] of Object.entries(properties)) {
    if (content[name] !== undefined || !isRecord(field) || field['default'] === undefined) continue;
    filled ??= { ...content };
    filled[name] = field['default'];
  }
  return filled ?? content;
}

/**
 * The answer as the tool may see it, or what is wrong with it: `accept` with `content` that
 * matches the question's schema once the form's defaults fill the fields it left out (checked with ajv, lenient: the form's schema is the tool's or
 * a remote party's), `decline` or `cancel`. Never throws.
 */
export function checkAnswer(
  value: unknown,
  question: ElicitationRequest,
  compiler: SchemaCompiler,
): ElicitationResult | string {
  try {
    if (!isRecord(value)) return 'the answer must be an object { action, content? }';
    const { action, content } = value;
    if (action === 'decline' || action === 'cancel') return { action };
    if (action !== 'accept') return "action must be 'accept', 'decline' or 'cancel'";
    if (!isRecord(content)) return 'an accepted answer needs content, an object of the form fields';
    const filled = withDefaults(content, question.schema);
    const validate = compiler.compile(question.schema, 'elicitation form', 'input', 'lenient');
    if (!validate(filled)) {
      const problems = (validate.errors ?? []).map((error) =>
        `${error.instancePath || '/'} ${error.message ?? ''}`.trim(),
      );
      return `the content does not match the form: ${problems.join('; ')}`;
    }
    return { action: 'accept', content: filled as JsonObject };
  } catch (thrown) {
    return `the answer could not be checked (${thrown instanceof Error ? thrown.message : String(thrown)})`;
  }
}
