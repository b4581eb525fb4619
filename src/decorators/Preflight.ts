import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import { getOwnToolClassMetadata } from '../metadata/getToolClassMetadata.js';
import { updateOwnToolClassMetadata } from '../metadata/updateOwnToolClassMetadata.js';
import type { InvokeInput, PreflightMethod } from './PreflightMethod.js';

/**
 * Marks the method that describes a call's side effects before any happens:
 * `(input, request) => PermissionRequest | PermissionRequest[]` (sync or async). The executor
 * runs it after validation and checks every request it returns before `invoke` runs.
 * One per class. Typed: the method's input must be the one `invoke` takes.
 */
export function Preflight(): <TKey extends string | symbol, TPrototype extends { readonly [K in TKey]: PreflightMethod<InvokeInput<TPrototype>> }>(
  prototype: TPrototype,
  propertyKey: TKey,
  descriptor?: PropertyDescriptor,
) => void {
  return (prototype: object, propertyKey: string | symbol): void => {
    const target = prototype.constructor;
    const existing = getOwnToolClassMetadata(target)?.preflightMethod;
    if (existing !== undefined && existing !== propertyKey) {
      throw new ToolDefinitionError(
        `class ${target.name}`,
        `@Preflight() is on both ${String(existing)}() and ${String(propertyKey)}().`,
        'Keep it on one method and return every permission request from it (an array is fine).',
      );
    }
    updateOwnToolClassMetadata(target, (current) => ({ ...current, preflightMethod: propertyKey }));
  };
}
