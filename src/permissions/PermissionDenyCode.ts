/**
 * The `code` of the deny decisions the library produces (it ends up in the failed outcome's
 * `error.details.code`, and in each entry of `error.details.denied`). A third-party checker
 * may use its own codes with `PermissionDecision.deny(reason, code)`.
 *
 * - `denied`: the default of `PermissionDecision.deny(reason)`.
 * - `checker_error`: the permission checker threw or rejected (the executor denies).
 * - `invalid_decision`: the permission checker returned something that is not a decision.
 * - `policy_denied`: a policy deny rule matched, or no rule allowed the request and the
 *   policy fallback is `deny`.
 * - `outside_roots`: an `fs.*` request names a path outside every workspace root (or no path).
 * - `malformed_request`: the request's `policySubjects()` throws or does not have the
 *   documented shape, or a request of a built-in family lacks its family's subjects (`fs.*`
 *   without paths, `shell.exec` without a command), so the request cannot be judged.
 * @internal
 */
export const PERMISSION_DENY_CODES = {
  denied: 'denied',
  checkerError: 'checker_error',
  invalidDecision: 'invalid_decision',
  policyDenied: 'policy_denied',
  outsideRoots: 'outside_roots',
  malformedRequest: 'malformed_request',
} as const;

/**
 * One of {@link PERMISSION_DENY_CODES}.
 * @internal
 */
export type PermissionDenyCode = (typeof PERMISSION_DENY_CODES)[keyof typeof PERMISSION_DENY_CODES];
