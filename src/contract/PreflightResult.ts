import type { PermissionRequest } from '../permissions/PermissionRequest.js';

/**
 * A preflight's permission requests with the plan its body acts on: what the preflight
 * resolved, compiled or checked (canonical paths, compiled patterns, parsed command lines), so
 * the body neither repeats that work nor looks at the raw input again. The executor hands
 * `plan` to the body of the same call as `ctx.plan`, and only once every request passed.
 */
export interface PlannedRequests<TPlan = unknown> {
  /** Every side effect of the call; all are checked before the body runs. */
  readonly requests: readonly PermissionRequest[];
  /** What the body gets as `ctx.plan`. */
  readonly plan?: TPlan;
}

/** What a preflight may return (or resolve to): its requests, alone or with a plan. */
export type PreflightResult<TPlan = unknown> = readonly PermissionRequest[] | PlannedRequests<TPlan>;
