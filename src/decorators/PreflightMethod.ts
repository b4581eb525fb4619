import type { ToolRequest } from '../contract/ToolRequest.js';
import type { PermissionRequest } from '../permissions/PermissionRequest.js';

/**
 * What a `@Preflight` method may return (or resolve to): the call's permission requests (one,
 * a list, or none), or the requests with the plan the body gets as `ctx.plan`.
 */
export type PreflightReturn = PermissionRequest | readonly PermissionRequest[] | { readonly requests: readonly PermissionRequest[]; readonly plan?: unknown } | undefined | null;

/** The input type a tool class's `invoke` takes (`unknown` when it takes none). */
export type InvokeInput<TPrototype> = TPrototype extends { readonly invoke: (input: infer TInput, ...rest: never[]) => unknown } ? TInput : unknown;

/**
 * A method `@Preflight` accepts on a class whose `invoke` takes `TInput`: it must accept the
 * same input (a parameter of another type does not compile) and return permission requests.
 */
export type PreflightMethod<TInput> = (input: TInput, request: ToolRequest) => PreflightReturn | Promise<PreflightReturn>;
