import type { Constructor } from '../metadata/Constructor.js';
import { getDtoConstraints } from './getDtoConstraints.js';

/**
 * Constraints whose JSON Schema (as class-validator-jsonschema writes it) means exactly what
 * class-validator checks, for JSON input. A DTO using only these is fully validated by ajv;
 * any other constraint (formats, custom validators, `@ValidateIf`) makes the executor run
 * class-validator too, after ajv.
 */
const SCHEMA_EQUIVALENT = new Set([
  'isOptional',
  'isDefined',
  'nestedValidation',
  'whitelistValidation',
  'isString',
  'isNumber',
  'isInt',
  'isBoolean',
  'isArray',
  'isEnum',
  'isIn',
  'isNotIn',
  'equals',
  'notEquals',
  'min',
  'max',
  'isPositive',
  'isNegative',
  'isDivisibleBy',
  'minLength',
  'maxLength',
  'isLength',
  'arrayMinSize',
  'arrayMaxSize',
  'arrayNotEmpty',
  'arrayUnique',
  'arrayContains',
  'arrayNotContains',
]);

/** True when ajv alone cannot check everything the DTO's decorators ask for. */
export function needsClassValidator(target: Constructor): boolean {
  return getDtoConstraints(target).some((constraint) => !SCHEMA_EQUIVALENT.has(constraint.name));
}
