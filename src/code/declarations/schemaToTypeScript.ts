import type { JsonObject, JsonValue } from '../../index.js';
import { buildAliasName } from './buildAliasName.js';
import { renderDocComment } from './renderDocComment.js';
import { renderPropertyKey } from './renderPropertyKey.js';
import { resolveSchemaRef } from './resolveSchemaRef.js';

/** Limits and naming for {@link schemaToTypeScript}. */
export interface SchemaToTypeScriptOptions {
  /** Schemas nested deeper than this (the root is at depth 0) render as `unknown` with a comment. Default 12. */
  readonly maxDepth?: number;
  /** The longest result (type and aliases together); past it the whole schema is `unknown` with a comment. Default 20,000. */
  readonly maxChars?: number;
  /** The indentation level (two spaces each) the type is placed at, for multi-line object types. Default 0. */
  readonly indent?: number;
  /** Prepended to every alias name (`FsRead` gives `FsReadNode` for `#/$defs/node`). Default none. */
  readonly aliasPrefix?: string;
  /** Names the aliases must not take (those already declared beside this type). */
  readonly takenNames?: ReadonlySet<string>;
  /** The longest description kept in a JSDoc comment, `…` included. Default 300. */
  readonly maxDescriptionChars?: number;
}

/** A named type declared for a `$ref` target: `type Name = ...;`, with the target's description as JSDoc. */
export interface TypeAlias {
  /** The alias name, an identifier. */
  readonly name: string;
  /** The whole declaration, ready to print before the type that uses it. */
  readonly declaration: string;
}

/** What {@link schemaToTypeScript} gives: a type expression and the aliases it refers to. */
export interface SchemaType {
  /** A TypeScript type expression (may span lines, indented for its `indent`). */
  readonly type: string;
  /** The aliases `type` (and each other) refer to, one per `$ref` target, in first-use order. */
  readonly aliases: readonly TypeAlias[];
}

const INLINE_OBJECT_MAX = 100;

/** A rendered type: its text and what a parent must know to embed it. */
interface Rendered {
  readonly text: string;
  /** `unknown` and `never` absorb or vanish in unions and intersections; `compound` needs parentheses under `[]` and `?`. */
  readonly kind: 'unknown' | 'never' | 'atom' | 'compound';
}

interface State {
  readonly root: JsonObject;
  readonly maxDepth: number;
  readonly maxWork: number;
  readonly maxDescriptionChars: number;
  readonly prefix: string;
  readonly taken: Set<string>;
  /** Aliases by `$ref`, registered before their body renders, so a recursive reference finds its name. */
  readonly aliases: Map<string, { readonly name: string; declaration: string }>;
  /**
   * The aliases whose body is rendering with no object, array or tuple between it and here: a
   * reference to one of them would be `type A = A | string`, which TypeScript refuses as circular.
   */
  unguarded: ReadonlySet<string>;
  work: number;
}

const UNKNOWN: Rendered = { text: 'unknown', kind: 'unknown' };
const NEVER: Rendered = { text: 'never', kind: 'never' };
const TOO_DEEP: Rendered = { text: 'unknown /* nested too deep */', kind: 'unknown' };
const TOO_LARGE = 'unknown /* schema too large to declare */';

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isArray(value: JsonValue | undefined): value is readonly JsonValue[] {
  return Array.isArray(value);
}

function atom(text: string): Rendered {
  return { text, kind: 'atom' };
}

function wrap(type: Rendered): string {
  return type.kind === 'compound' ? `(${type.text})` : type.text;
}

function union(members: readonly Rendered[]): Rendered {
  const unknown = members.find((member) => member.kind === 'unknown');
  if (unknown !== undefined) return unknown;
  const kept = [...new Map(members.filter((m) => m.kind !== 'never').map((m) => [m.text, m])).values()];
  if (kept.length === 0) return NEVER;
  if (kept.length === 1 && kept[0] !== undefined) return kept[0];
  return { text: kept.map((member) => member.text).join(' | '), kind: 'compound' };
}

function intersect(parts: readonly Rendered[]): Rendered {
  const kept = [...new Map(parts.filter((p) => p.kind !== 'unknown').map((p) => [p.text, p])).values()];
  if (kept.length === 0) return parts[0] ?? UNKNOWN;
  if (kept.length === 1 && kept[0] !== undefined) return kept[0];
  return { text: kept.map(wrap).join(' & '), kind: 'compound' };
}

function literal(value: JsonValue): Rendered {
  if (typeof value === 'string') return atom(JSON.stringify(value));
  if (typeof value === 'number') return { text: String(value), kind: value < 0 ? 'compound' : 'atom' };
  if (typeof value === 'boolean' || value === null) return atom(String(value));
  return UNKNOWN;
}

/** A property's or alias's JSDoc: its description, then `@default` and `@deprecated` when present. */
function renderDoc(schema: JsonValue | undefined, state: State): string {
  if (!isObject(schema)) return '';
  const parts = [typeof schema['description'] === 'string' ? schema['description'] : ''];
  if (schema['default'] !== undefined) parts.push(`@default ${JSON.stringify(schema['default'])}`);
  if (schema['deprecated'] === true) parts.push('@deprecated');
  return renderDocComment(parts, state.maxDescriptionChars);
}

function pad(indent: number): string {
  return '  '.repeat(indent);
}

function renderAlias(ref: string, state: State): Rendered {
  if (state.unguarded.has(ref)) return UNKNOWN;
  const known = state.aliases.get(ref);
  if (known !== undefined) return atom(known.name);
  const target = resolveSchemaRef(state.root, ref);
  if (target === undefined) return UNKNOWN;
  const name = buildAliasName(state.prefix, target.name, state.taken);
  state.taken.add(name);
  const entry = { name, declaration: '' };
  state.aliases.set(ref, entry);
  const outer = state.unguarded;
  state.unguarded = new Set([...outer, ref]);
  const body = render(target.schema, 0, 0, state);
  state.unguarded = outer;
  const doc = renderDoc(target.schema, state);
  entry.declaration = `${doc === '' ? '' : `${doc}\n`}type ${name} = ${body.text};`;
  return atom(name);
}

/** Renders `build` inside an object, array or tuple type, where a reference back to an alias in progress is fine. */
function guarded(state: State, build: () => Rendered): Rendered {
  const outer = state.unguarded;
  state.unguarded = new Set();
  try {
    return build();
  } finally {
    state.unguarded = outer;
  }
}

function renderObject(schema: JsonObject, depth: number, indent: number, state: State): Rendered {
  const properties = isObject(schema['properties']) ? schema['properties'] : {};
  const required = new Set(
    (isArray(schema['required']) ? schema['required'] : []).filter((n) => typeof n === 'string'),
  );
  const members: { readonly doc: string; readonly line: string }[] = Object.entries(properties).map(([key, value]) => ({
    doc: renderDoc(value, state),
    line: `${renderPropertyKey(key)}${required.has(key) ? '' : '?'}: ${render(value, depth + 1, indent + 1, state).text};`,
  }));
  for (const key of required)
    if (!Object.hasOwn(properties, key)) members.push({ doc: '', line: `${renderPropertyKey(key)}: unknown;` });
  const extra = schema['additionalProperties'];
  let index: Rendered | undefined;
  if (extra === undefined) index = members.length === 0 ? UNKNOWN : undefined;
  else if (extra !== false) index = extra === true ? UNKNOWN : render(extra, depth + 1, indent + 1, state);
  // An index signature must admit every property's type: a typed one goes beside the properties, not among them.
  const separate = index !== undefined && index.kind !== 'unknown' && members.length > 0 ? index : undefined;
  if (index !== undefined && separate === undefined) members.push({ doc: '', line: `[key: string]: ${index.text};` });
  const literalType = renderMembers(members, indent);
  return separate === undefined ? literalType : intersect([literalType, atom(`{ [key: string]: ${separate.text} }`)]);
}

function renderMembers(members: readonly { readonly doc: string; readonly line: string }[], indent: number): Rendered {
  if (members.length === 0) return atom('{ [key: string]: never }');
  const inline = `{ ${members
    .map((member) => member.line)
    .join(' ')
    .slice(0, -1)} }`;
  if (inline.length <= INLINE_OBJECT_MAX && !inline.includes('\n') && members.every((member) => member.doc === ''))
    return atom(inline);
  const inner = pad(indent + 1);
  const lines = members.map((m) => `${m.doc === '' ? '' : `${inner}${m.doc}\n`}${inner}${m.line}`);
  return atom(`{\n${lines.join('\n')}\n${pad(indent)}}`);
}

function renderArray(schema: JsonObject, depth: number, indent: number, state: State): Rendered {
  const items = schema['items'];
  const prefixItems = isArray(schema['prefixItems']) ? schema['prefixItems'] : isArray(items) ? items : undefined;
  const rest = isArray(schema['prefixItems']) ? items : isArray(items) ? schema['additionalItems'] : items;
  const restType = rest === undefined ? UNKNOWN : render(rest, depth + 1, indent, state);
  if (prefixItems === undefined) return atom(`${wrap(restType)}[]`);
  const minItems = typeof schema['minItems'] === 'number' ? schema['minItems'] : 0;
  const elements = prefixItems.map((item, i) => {
    const element = render(item, depth + 1, indent, state);
    return i < minItems ? element.text : `${wrap(element)}?`;
  });
  if (restType.kind !== 'never') elements.push(`...${wrap(restType)}[]`);
  return atom(`[${elements.join(', ')}]`);
}

function renderTypeName(name: JsonValue, schema: JsonObject, depth: number, indent: number, state: State): Rendered {
  if (typeof name !== 'string') return UNKNOWN;
  switch (name) {
    case 'string':
    case 'boolean':
    case 'null':
      return atom(name);
    case 'number':
    case 'integer':
      return atom('number');
    case 'object':
      return guarded(state, () => renderObject(schema, depth, indent, state));
    case 'array':
      return guarded(state, () => renderArray(schema, depth, indent, state));
    default:
      return UNKNOWN;
  }
}

/** What `const`, `enum` or `type` (given or implied by object and array keywords) say, or undefined when none is there. */
function renderBase(schema: JsonObject, depth: number, indent: number, state: State): Rendered | undefined {
  const constant = schema['const'];
  if (constant !== undefined) return literal(constant);
  const values = schema['enum'];
  if (isArray(values)) return union(values.map(literal));
  const type = schema['type'];
  const implied = ['properties', 'additionalProperties', 'required'].some((key) => key in schema)
    ? ['object']
    : ['items', 'prefixItems'].some((key) => key in schema)
      ? ['array']
      : undefined;
  const names = typeof type === 'string' ? [type] : isArray(type) ? type : implied;
  if (names === undefined) return undefined;
  return union(names.map((name) => renderTypeName(name, schema, depth, indent, state)));
}

function render(schema: JsonValue, depth: number, indent: number, state: State): Rendered {
  if (schema === false) return NEVER;
  if (!isObject(schema)) return UNKNOWN;
  state.work += 1;
  if (state.work > state.maxWork) return UNKNOWN;
  if (depth > state.maxDepth) return TOO_DEEP;
  const parts: Rendered[] = [];
  const ref = schema['$ref'];
  if (typeof ref === 'string') parts.push(renderAlias(ref, state));
  const base = renderBase(schema, depth, indent, state);
  if (base !== undefined) parts.push(base);
  for (const key of ['oneOf', 'anyOf']) {
    const members = schema[key];
    if (isArray(members) && members.length > 0)
      parts.push(union(members.map((member) => render(member, depth + 1, indent, state))));
  }
  const all = schema['allOf'];
  if (isArray(all)) parts.push(...all.map((member) => render(member, depth + 1, indent, state)));
  const type = intersect(parts);
  return schema['nullable'] === true ? union([type, atom('null')]) : type;
}

/**
 * The TypeScript type of the values a JSON Schema accepts, for a model to read: the subset tool
 * schemas use (`type`, `properties`, `required`, `additionalProperties`, `items`, `prefixItems`,
 * `enum`, `const`, `oneOf`/`anyOf` as unions, `allOf` as intersections, `nullable`, local `$ref`
 * as named aliases, which makes recursion finite). Anything else is `unknown`. Descriptions become
 * one-line JSDoc comments that cannot close early; literals and keys that are not identifiers are
 * JSON strings, so nothing from the schema lands in the text as code.
 * @param schema - a JSON Schema object (draft 2020-12 or draft-07 style).
 * @param options - depth, size, indentation and alias naming.
 * @returns the type expression and the aliases it uses (`{ path: string }` for an object schema
 *   whose one property `path` is a required string); `unknown` with a comment past the limits.
 */
export function schemaToTypeScript(schema: JsonObject, options: SchemaToTypeScriptOptions = {}): SchemaType {
  const maxChars = options.maxChars ?? 20_000;
  const state: State = {
    root: schema,
    maxDepth: options.maxDepth ?? 12,
    // Nearly every schema object visited adds a few characters to the text, so visits past maxChars
    // mean a text far too long (a shared subschema visited again and again): stop early.
    maxWork: maxChars,
    maxDescriptionChars: options.maxDescriptionChars ?? 300,
    prefix: options.aliasPrefix ?? '',
    taken: new Set(options.takenNames),
    aliases: new Map(),
    unguarded: new Set(),
    work: 0,
  };
  const type = render(schema, 0, options.indent ?? 0, state).text;
  const aliases = [...state.aliases.values()].map(({ name, declaration }) => ({ name, declaration }));
  const length = aliases.reduce((sum, alias) => sum + alias.declaration.length + 1, type.length);
  if (state.work > state.maxWork || length > maxChars)
    return { type: TOO_LARGE.length <= maxChars ? TOO_LARGE : 'unknown', aliases: [] };
  return { type, aliases };
}
