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
 * A malformed answer (`requests` not an array, unknown keys, something that is not a
 * permission request) ends the call `internal` (`invalid_preflight_result`,
 * `invalid_permission_request`) before anything runs.
 *
 * @example
 * ```ts
 * import 'reflect-metadata';
 * import { IsEmail } from 'class-validator';
 * import { BasePermissionRequest, Preflight, Tool, type PlannedRequests, type ToolContext } from 'agentkit-tools-core';
 *
 * class SendInput {
 *   @IsEmail()
 *   to!: string;
 * }
 *
 * class SendEmailRequest extends BasePermissionRequest {
 *   readonly kind = 'email.send';
 *   constructor(override readonly target: string) {
 *     super();
 *   }
 *   summary(): string {
 *     return `send an email to ${this.target}`;
 *   }
 * }
 *
 * @Tool({ name: 'email_send', description: 'Sends a greeting email.', input: SendInput })
 * class SendEmailTool {
 *   // Runs after validation; the body runs only once every request it returns is allowed (or approved).
 *   @Preflight()
 *   preflight(input: SendInput): PlannedRequests<{ to: string }> {
 *     const to = input.to.toLowerCase();
 *     return { requests: [new SendEmailRequest(to)], plan: { to } };
 *   }
 *
 *   invoke(input: SendInput, ctx: ToolContext<SendInput>): string {
 *     const { to } = ctx.plan as { to: string };
 *     return `sent to ${to}`;
 *   }
 * }
 * ```
 */
export function Preflight(): <
  TKey extends string | symbol,
  TPrototype extends { readonly [K in TKey]: PreflightMethod<InvokeInput<TPrototype>> },
>(
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
