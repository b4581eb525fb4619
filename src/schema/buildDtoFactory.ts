import type { Constructor } from '../metadata/Constructor.js';
import { findTypeMetadata, getDtoMetadatas } from './getDtoConstraints.js';
import { getDtoLibraries } from './getDtoLibraries.js';

/** Builds an instance of a DTO class from validated JSON. */
export type DtoFactory = (plain: unknown) => object;

interface NestedProperty {
  readonly name: string;
  readonly factory: () => DtoFactory;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when class-transformer would do more than `new` + assign + nested `@Type` classes. */
function needsClassTransformer(target: Constructor, seen: Set<Constructor>): boolean {
  if (seen.has(target)) return false;
  seen.add(target);
  const { transformer, transformerStorage: storage } = getDtoLibraries(`class ${target.name}`);
  const { TransformationType } = transformer;
  if (
    storage.getStrategy(target) !== 'none' ||
    storage.getExposedMetadatas(target).length > 0 ||
    storage.getExcludedMetadatas(target).length > 0
  ) {
    return true;
  }
  for (const name of new Set(getDtoMetadatas(target).map((meta) => meta.propertyName))) {
    if (storage.findTransformMetadatas(target, name, TransformationType.PLAIN_TO_CLASS).length > 0) return true;
    const type = findTypeMetadata(target, name);
    if (type === undefined) continue;
    if (type.options.discriminator !== undefined) return true;
    const nested: unknown = type.typeFunction();
    if (typeof nested !== 'function' || nested === Date || nested === Map || nested === Set || nested === Object)
      return true;
    if (needsClassTransformer(nested as Constructor, seen)) return true;
  }
  return false;
}

function buildFastFactory(target: Constructor, cache: Map<Constructor, DtoFactory>): DtoFactory {
  const cached = cache.get(target);
  if (cached !== undefined) return cached;
  const nested: NestedProperty[] = [];
  const factory: DtoFactory = (plain) => {
    const instance = new target() as Record<string, unknown>;
    if (!isPlainObject(plain)) return instance;
    for (const key of Object.keys(plain)) instance[key] = plain[key];
    for (const property of nested) {
      const value = instance[property.name];
      const build = property.factory();
      if (Array.isArray(value))
        instance[property.name] = value.map((item: unknown) => (isPlainObject(item) ? build(item) : item));
      else if (isPlainObject(value)) instance[property.name] = build(value);
    }
    return instance;
  };
  cache.set(target, factory);
  for (const name of new Set(getDtoMetadatas(target).map((meta) => meta.propertyName))) {
    const type = findTypeMetadata(target, name);
    if (type === undefined) continue;
    const nestedClass = type.typeFunction() as Constructor;
    nested.push({ name, factory: () => buildFastFactory(nestedClass, cache) });
  }
  return factory;
}

/**
 * How to turn validated JSON into an instance of `target`, decided once per class: plain
 * `new` + assignment (nested `@Type` classes included) when that is all class-transformer
 * would do; class-transformer itself for anything more (`@Transform`, `@Expose`, `@Exclude`,
 * discriminators, built-in types such as `Date`).
 */
export function buildDtoFactory(target: Constructor): DtoFactory {
  if (needsClassTransformer(target, new Set())) {
    const { plainToInstance } = getDtoLibraries(`class ${target.name}`).transformer;
    return (plain) => plainToInstance(target, plain) as object;
  }
  return buildFastFactory(target, new Map());
}
