import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata.js';
import type { TypeMetadata } from 'class-transformer';
import { getDesignType } from '../metadata/getDesignType.js';
import type { Constructor } from '../metadata/Constructor.js';
import { getDtoLibraries } from './getDtoLibraries.js';

/** One class-validator constraint on a DTO property, by name. */
export interface DtoConstraint {
  readonly propertyName: string;
  /** The constraint's name (`isString`, `min`, ...) or its metadata type for unnamed ones. */
  readonly name: string;
  readonly type: string;
}

/**
 * The `@Type` metadata of a property, or `undefined` when it has none (class-transformer
 * returns `undefined` there, though its types say it always finds one).
 */
export function findTypeMetadata(target: Constructor, propertyName: string): TypeMetadata | undefined {
  return getDtoLibraries(`class ${target.name}`).transformerStorage.findTypeMetadata(target, propertyName);
}

/** The class-validator metadata of a DTO class, inherited included. */
export function getDtoMetadatas(target: Constructor): ValidationMetadata[] {
  return getDtoLibraries(`class ${target.name}`)
    .validator.getMetadataStorage()
    .getTargetValidationMetadatas(target, '', true, false);
}

/** Every constraint of `target`, each named the way class-validator-jsonschema names it. */
export function getDtoConstraints(target: Constructor): DtoConstraint[] {
  const { getMetadataStorage, ValidationTypes } = getDtoLibraries(`class ${target.name}`).validator;
  const storage = getMetadataStorage();
  return getDtoMetadatas(target).map((meta) => {
    let name = meta.name ?? meta.type;
    // class-validator types `constraintCls` as always set; metadata registered by hand may lack it.
    const constraintCls = meta.constraintCls as ValidationMetadata['constraintCls'] | undefined;
    if (meta.type === ValidationTypes.CUSTOM_VALIDATION && constraintCls !== undefined) {
      name = storage.getTargetValidatorConstraints(constraintCls)[0]?.name ?? name;
    }
    return { propertyName: meta.propertyName, name, type: meta.type };
  });
}

/** The class a nested property holds, from `@Type(() => X)` or the design type. */
export function getNestedClass(target: Constructor, propertyName: string): Constructor | undefined {
  const typeMeta = findTypeMetadata(target, propertyName);
  const nested: unknown = typeMeta ? typeMeta.typeFunction() : getDesignType(target.prototype as object, propertyName);
  if (typeof nested !== 'function' || nested === Array || nested === Object) return undefined;
  return nested as Constructor;
}
