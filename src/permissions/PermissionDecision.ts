/** The answer of a `PermissionChecker` for one permission request. */
export type PermissionDecision =
  { readonly type: 'allow' } | { readonly type: 'deny'; readonly code: string; readonly reason: string } | { readonly type: 'require_approval'; readonly reason: string };

const ALLOW: PermissionDecision = Object.freeze({ type: 'allow' });

export const PermissionDecision = {
  allow(): PermissionDecision {
    return ALLOW;
  },
  deny(reason: string, code = 'denied'): PermissionDecision {
    return { type: 'deny', code, reason };
  },
  requireApproval(reason: string): PermissionDecision {
    return { type: 'require_approval', reason };
  },
} as const;
