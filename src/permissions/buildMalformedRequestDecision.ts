import { PermissionDecision } from './PermissionDecision.js';
import { PERMISSION_DENY_CODES } from './PermissionDenyCode.js';

/**
 * The deny for a request whose policy subjects cannot be read (see `readPolicySubjects`): a
 * checker cannot judge it, so it fails closed (code `malformed_request`).
 */
export function buildMalformedRequestDecision(what: string, problem: string): PermissionDecision {
  return PermissionDecision.deny(
    `${what} is denied: the request cannot be checked because ${problem}. ` +
      'The tool that raised it must fix its permission request.',
    PERMISSION_DENY_CODES.malformedRequest,
  );
}
