import type { ContentPart, FileRef } from './ContentPart.js';
import type { JsonValue } from './JsonValue.js';

/**
 * What a tool produced, kept rich, a union on `type`:
 *
 * - `text`: `{ text }`, text for the model to read.
 * - `structured`: `{ value }`, a JSON value (what a tool's `invoke` returning an object means).
 * - `parts`: `{ parts }`, mixed {@link ContentPart}s (text, JSON, file references, media).
 * - `files`: `{ files }`, {@link FileRef}s.
 *
 * A plain object returned by `invoke` counts as a `ToolOutput` only when its `type` is one of
 * these and its shape matches; to return such an object as data, wrap it:
 * `{ type: 'structured', value }`.
 */
export type ToolOutput =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'structured'; readonly value: JsonValue }
  | { readonly type: 'parts'; readonly parts: readonly ContentPart[] }
  | { readonly type: 'files'; readonly files: readonly FileRef[] };
