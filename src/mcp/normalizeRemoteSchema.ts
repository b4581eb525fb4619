import type { JsonObject, JsonValue } from '../index.js';

function strip(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(strip);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, JsonValue> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$schema' && typeof child === 'string') continue;
    copy[key] = strip(child);
  }
  return copy;
}

/**
 * A remote tool's JSON Schema made compilable by the core's ajv (draft-07): `$schema` keywords
 * are dropped, so schemas declaring draft 2020-12 (or any other dialect URI) compile; the
 * keywords both drafts share keep their meaning, and unknown ones are ignored (lenient).
 * A schema without `type` is given `type: 'object'`, as MCP requires of input schemas.
 */
export function normalizeRemoteSchema(schema: Readonly<Record<string, unknown>>): JsonObject {
  const stripped = strip(schema as JsonObject) as JsonObject;
  return stripped['type'] === undefined ? { type: 'object', ...stripped } : stripped;
}
