import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import { getOwnToolClassMetadata } from '../metadata/getToolClassMetadata.js';
import { updateOwnToolClassMetadata } from '../metadata/updateOwnToolClassMetadata.js';
import type { InvokeInput, PreflightMethod } from './PreflightMethod.js';

/**
 * Marks the method that describes a call's side effects before any happens:
 * `(input, request) => PermissionRequest | PermissionRequest[] | { requests, plan? }` (sync or
 * async). The executor runs it after validation and checks every request it returns before
 * `invoke` runs. One per class. Typed: the method's input must be the one `invoke` takes.
 *
 * A preflight that works something out the body needs (a canonical path, a compiled pattern,
 * a parsed command line) returns it as `plan` instead of keeping it aside: the executor hands
 * it to the body of the same call as `ctx.plan`, once every request passed, so concurrent calls
 * (even with one input object) never see each other's plans. The body should still re-check at
 * the moment it acts what may have changed since (a file replaced by a link, say).
 *
 * ```ts
 * @Preflight()
 * async preflight(input: ReadInput): Promise<PlannedRequests<{ path: string }>> {
 *   const path = await resolveInsideRoots(input.path);
 *   return { requests: [new FileReadRequest(path)], plan: { path } };
 * }
 *
 * async invoke(input: ReadInput, ctx: ToolContext) {
 *   const { path } = ctx.plan as { path: string };
 *   ...
 * }
 * ```
 * A malformed answer (`requests` not an array, unknown keys, something that is not a
 * permission request) ends the call `internal` (`invalid_preflight_result`,
 * `invalid_permission_request`) before anything runs.
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
