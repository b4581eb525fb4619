import { type JsonObject } from '../index.js';
import { SchemaCompiler, type SchemaValidator } from '../internal/index.js';

/**
 * A validator for a remote tool's output schema, or `undefined` when it does not compile: then
 * structured results go unchecked rather than the tool being unusable. Compiled leniently
 * (unknown keywords and formats are ignored: the schemas are written by others), `pattern`
 * keywords on the linear-time engine, in an ajv instance of its own that goes away with the
 * validator (with the tool, at the next reload).
 */
export function compileOutputValidator(schema: JsonObject): SchemaValidator | undefined {
  try {
    return new SchemaCompiler().compile(schema, 'remote tool', 'output', 'lenient');
  } catch {
    return undefined;
  }
}
