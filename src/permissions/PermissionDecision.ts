/**
 * The answer of a `PermissionChecker` for one permission request: `allow`; `deny` with a
 * `code` (carried into the failed call's `error.details.code`) and a `reason` the model reads;
 * or `require_approval` with the `reason` a person reads. Build one with the helpers of the
 * same name.
 *
 * @example
 * ```ts
 * import { PermissionDecision, type PermissionChecker } from 'agentkit-tools-core';
 *
 * // Reads run, writes to /tmp wait for a person, everything else is refused.
 * const checker: PermissionChecker = {
 *   evaluate(request) {
 *     if (request.kind === 'fs.read') return PermissionDecision.allow();
 *     if (request.kind === 'fs.write' && request.target?.startsWith('/tmp/') === true) {
 *       return PermissionDecision.requireApproval(`write ${request.target}`);
 *     }
 *     return PermissionDecision.deny(`${request.kind} is not allowed here`, 'policy_denied');
 *   },
 * };
 * ```
 */
export type PermissionDecision =
  | { readonly type: 'allow' }
  | { readonly type: 'deny'; readonly code: string; readonly reason: string }
  | { readonly type: 'require_approval'; readonly reason: string };

const ALLOW: PermissionDecision = Object.freeze({ type: 'allow' });

/** Builds {@link PermissionDecision}s. */
export const PermissionDecision = {
  /** Let the request through. */
  allow(): PermissionDecision {
    return ALLOW;
  },
  /** Refuse it: the call fails `permission_denied` with `reason`, and `code` (default `denied`) in `details.code`. */
  deny(reason: string, code = 'denied'): PermissionDecision {
    return { type: 'deny', code, reason };
  },
  /** Ask a person: the call ends `interrupted` with an `ApprovalRequest` that gives `reason`. */
  requireApproval(reason: string): PermissionDecision {
    return { type: 'require_approval', reason };
  },
} as const;
