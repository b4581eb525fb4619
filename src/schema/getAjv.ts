import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { SchemaStrictness } from '../registry/Tool.js';

/**
 * Formats class-validator-jsonschema emits that ajv-formats does not define. class-validator
 * itself enforces them (a DTO using one is validated by class-validator too), so ajv only has
 * to accept the keyword.
 */
const CLASS_VALIDATOR_ONLY_FORMATS = [
  'base64',
  'credit-card',
  'currency',
  'isbn',
  'isin',
  'json',
  'mobile-phone',
] as const;

function createAjv(strictness: SchemaStrictness): Ajv {
  const ajv = new Ajv({
    strict: strictness === 'strict',
    allErrors: true,
    coerceTypes: false,
    useDefaults: false,
    removeAdditional: false,
    logger: false,
    // Tools are compiled by object, not looked up by `$id`: two tools (or a reload) may share one.
    addUsedSchema: false,
  });
  addFormatsModule.default(ajv);
  for (const format of CLASS_VALIDATOR_ONLY_FORMATS) ajv.addFormat(format, true);
  return ajv;
}

const instances = new Map<SchemaStrictness, Ajv>();

/**
 * The shared ajv instance for a strictness: never coerces, never removes or defaults, reports
 * every error. One instance each, so compiled schemas are cached across tools.
 */
export function getAjv(strictness: SchemaStrictness = 'strict'): Ajv {
  let ajv = instances.get(strictness);
  if (ajv === undefined) {
    ajv = createAjv(strictness);
    instances.set(strictness, ajv);
  }
  return ajv;
}
