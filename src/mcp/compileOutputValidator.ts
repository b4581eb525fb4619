import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { JsonObject } from '../index.js';

let ajv: Ajv | undefined;

/**
 * A validator for a remote tool's output schema (lenient ajv: unknown keywords and formats are
 * ignored; the schemas are written by others), or `undefined` when it does not compile: then
 * structured results go unchecked rather than the tool being unusable.
 */
export function compileOutputValidator(schema: JsonObject): ValidateFunction | undefined {
  ajv ??= (() => {
    const instance = new Ajv({ strict: false, allErrors: false, logger: false, addUsedSchema: false });
    addFormatsModule.default(instance);
    return instance;
  })();
  try {
    return ajv.compile(schema);
  } catch {
    return undefined;
  }
}
