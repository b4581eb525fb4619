import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { Constructor } from '../../src/index.js';

/** A fresh ajv in strict mode, independent of the library's shared instance. */
export function compileStrict(schema: object): ValidateFunction {
  const ajv = new Ajv({ strict: true, allErrors: true, logger: false });
  addFormatsModule.default(ajv);
  return ajv.compile(schema);
}

/** What class-validator decides for `data`, unknown properties rejected at every level. */
export function classValidatorAccepts(target: Constructor, data: unknown): boolean {
  const instance = plainToInstance(target, data) as object;
  return (
    validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true }).length === 0
  );
}
