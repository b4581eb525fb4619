/**
 * The `code` of the deny decisions the built-in checkers return (it ends up in the failed
 * outcome's `error.details.code`).
 *
 * - `policy_denied`: a policy deny rule matched, or no rule allowed the request and the
 *   policy fallback is `deny`.
 * - `outside_roots`: an `fs.*` request names a path outside every workspace root (or no path).
 * - `malformed_request`: a well-known metadata key (`paths`, `subcommands`, `risks`) does not
 *   have the documented shape, so the request cannot be judged.
 */
export const PERMISSION_DENY_CODES = {
  policyDenied: 'policy_denied',
  outsideRoots: 'outside_roots',
  malformedRequest: 'malformed_request',
} as const;

export type PermissionDenyCode = (typeof PERMISSION_DENY_CODES)[keyof typeof PERMISSION_DENY_CODES];
