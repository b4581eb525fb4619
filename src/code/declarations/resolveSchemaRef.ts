import type { JsonObject, JsonValue } from '../../index.js';

/** What a local `$ref` points at: the schema there and the last segment of its pointer (`''` for `#`). */
export interface ResolvedSchemaRef {
  /** The schema the pointer leads to (an object or a boolean schema). */
  readonly schema: JsonObject | boolean;
  /** The pointer's last segment, decoded (`Node` for `#/$defs/Node`): the base of an alias name. */
  readonly name: string;
}

/** One decoded JSON Pointer segment (`~1` is `/`, `~0` is `~`), or undefined when its percent-encoding is broken. */
function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~');
  } catch {
    return undefined;
  }
}

/**
 * Follows a document-local `$ref` (`#`, `#/$defs/X`, `#/definitions/X`, or any JSON Pointer
 * fragment) from the root schema. Remote references, anchors (`#name`) and pointers that lead
 * nowhere, or to something that is not a schema, give undefined.
 * @param root - the schema the reference is resolved against (the tool's whole input or output schema).
 * @param ref - the `$ref` value.
 */
export function resolveSchemaRef(root: JsonObject, ref: string): ResolvedSchemaRef | undefined {
  if (ref !== '#' && !ref.startsWith('#/')) return undefined;
  const segments = ref === '#' ? [] : ref.slice(2).split('/').map(decodeSegment);
  let current: JsonValue = root;
  for (const segment of segments) {
    if (segment === undefined || typeof current !== 'object' || current === null) return undefined;
    const next: JsonValue | undefined = Array.isArray(current)
      ? (current as readonly JsonValue[])[/^(0|[1-9][0-9]*)$/u.test(segment) ? Number(segment) : -1]
      : Object.hasOwn(current, segment)
        ? (current as JsonObject)[segment]
        : undefined;
    if (next === undefined) return undefined;
    current = next;
  }
  if (typeof current === 'boolean') return { schema: current, name: segments.at(-1) ?? '' };
  if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
  return { schema: current as JsonObject, name: segments.at(-1) ?? '' };
}
