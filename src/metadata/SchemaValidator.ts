import type { ErrorObject } from 'ajv';

/**
 * What validating needs of a compiled schema: the check, and ajv's errors of the last input it
 * refused. An ajv `ValidateFunction` is one; so is a deferred one (`SchemaCompiler.defer`).
 * @internal
 */
export interface SchemaValidator {
  (data: unknown): boolean;
  readonly errors?: ErrorObject[] | null | undefined;
}
