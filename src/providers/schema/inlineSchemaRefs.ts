import type { JsonObject, JsonValue } from '../../index.js';
import { isSchemaObject } from './isSchemaObject.js';
import { mapSubschemas } from './mapSubschemas.js';
import { omitKeys } from './omitKeys.js';

/** A schema with its local `$ref`s replaced by their targets. */
export interface InlinedSchema {
  readonly schema: JsonObject;
  /** False when a `$ref` could not be inlined (recursive, or not a local `#/$defs/...` / `#/definitions/...`): it became `{}`. */
  readonly complete: boolean;
}

function getTarget(root: JsonObject, ref: string): JsonValue | undefined {
  const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
  if (match === null) return undefined;
  const [, section = '', name = ''] = match;
  const definitions = root[section];
  return isSchemaObject(definitions) ? definitions[name.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
}

/**
 * Replaces every local `$ref` (`#/$defs/X`, `#/definitions/X`) by a copy of its target and drops
 * `$schema`, `$id` and the definition sections, so each provider gets one self-contained schema.
 * Recursive references cannot be inlined: they become `{}` and `complete` is false.
 */
export function inlineSchemaRefs(root: JsonObject): InlinedSchema {
  let complete = true;
  const visit = (value: JsonValue, seen: readonly string[]): JsonValue => {
    if (!isSchemaObject(value)) return value;
    const ref = value['$ref'];
    const own = mapSubschemas(omitKeys(value, ['$ref', '$schema', '$id', '$defs', 'definitions']), (child) =>
      visit(child, seen),
    );
    if (typeof ref !== 'string') return own;
    const target = getTarget(root, ref);
    if (target === undefined || seen.includes(ref)) {
      complete = false;
      return own;
    }
    const inlined = visit(target, [...seen, ref]);
    return isSchemaObject(inlined) ? { ...inlined, ...own } : inlined;
  };
  return { schema: visit(root, []) as JsonObject, complete };
}
