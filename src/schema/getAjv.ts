import type { Ajv } from 'ajv';
import type { SchemaStrictness } from './SchemaStrictness.js';
import { createAjv } from './createAjv.js';

const instances = new Map<SchemaStrictness, Ajv>();

/**
 * The process-wide ajv instance for a strictness (see {@link createAjv}). It compiles the
 * schemas of `@Tool` classes, which live as long as the process, and checks every schema
 * against the meta-schema. ajv keeps whatever an instance compiled for as long as the instance
 * lives, so schemas that come and go (remote tools, reloads) compile in a
 * `SchemaCompiler` their registry owns instead.
 */
export function getAjv(strictness: SchemaStrictness = 'strict'): Ajv {
  let ajv = instances.get(strictness);
  if (ajv === undefined) {
    ajv = createAjv(strictness);
    instances.set(strictness, ajv);
  }
  return ajv;
}
