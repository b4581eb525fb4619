import type { JsonObject } from '../../index.js';
import { inlineSchemaRefs } from './inlineSchemaRefs.js';

/** The input schema as authored, self-contained (local `$ref`s inlined, `$schema` dropped), with `type: 'object'` at the root. */
export function buildPlainSchema(inputSchema: JsonObject): JsonObject & { readonly type: 'object' } {
  const { schema, complete } = inlineSchemaRefs(inputSchema);
  // A recursive schema keeps its definitions and references: providers that resolve them get the whole schema.
  const base = complete ? schema : (({ $schema: _schema, ...rest }) => rest)(inputSchema);
  return { ...base, type: 'object' };
}
