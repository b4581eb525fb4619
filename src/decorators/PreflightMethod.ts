import type { PreflightResult } from '../contract/PreflightResult.js';
import type { ToolRequest } from '../contract/ToolRequest.js';
import type { PermissionRequest } from '../permissions/PermissionRequest.js';

/** The input type a tool class's `invoke` takes (`unknown` when it takes none). */
export type InvokeInput<TPrototype> = TPrototype extends {
  readonly invoke: (input: infer TInput, ...rest: never[]) => unknown;
}
  ? TInput
  : unknown;

/**
 * A method `@Preflight` accepts on a class whose `invoke` takes `TInput`: it must accept the
 * same input (a parameter of another type does not compile) and return (or resolve to) the
 * call's permission requests: one, a list, none (`undefined` or `null`), or `{ requests, plan }`
 * to hand a plan to the body as `ctx.plan`.
 */
export type PreflightMethod<TInput> = (
  input: TInput,
  request: ToolRequest,
) =>
  | PermissionRequest
  | PreflightResult
  | undefined
  | null
  | Promise<PermissionRequest | PreflightResult | undefined | null>;
