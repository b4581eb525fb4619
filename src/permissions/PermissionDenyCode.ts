/**
 * The `code` of the deny decisions the built-in checkers return (it ends up in the failed
 * outcome's `error.details.code`).
 *
 * - `policy_denied`: a policy deny rule matched, or no rule allowed the request and the
 *   policy fallback is `deny`.
 * - `outside_roots`: an `fs.*` request names a path outside every workspace root (or no path).
 * - `malformed_request`: the request's `policySubjects()` throws or does not have the
 *   documented shape, or a request of a built-in family lacks its family's subjects (`fs.*`
 *   without paths, `shell.exec` without a command), so the request cannot be judged.
 */
export const PERMISSION_DENY_CODES = {
  policyDenied: 'policy_denied',
  outsideRoots: 'outside_roots',
  malformedRequest: 'malformed_request',
} as const;

export type PermissionDenyCode = (typeof PERMISSION_DENY_CODES)[keyof typeof PERMISSION_DENY_CODES];
