import type { PermissionDecision } from './PermissionDecision.js';
import type { PermissionRequest } from './PermissionRequest.js';

/** What a checker knows about the call a permission request comes from. */
export interface PermissionContext {
  /** The tool whose call raised the request. */
  readonly toolName: string;
  /** That call's id. */
  readonly callId: string;
  /** Its session. */
  readonly sessionId: string;
  /** Its turn. */
  readonly turnId: string;
}

/**
 * Decides on one permission request. Bound under `PERMISSION_CHECKER`; the executor asks it
 * about every request a call's preflight produced. A checker that throws counts as a deny.
 */
export interface PermissionChecker {
  /** The decision on one request (sync or async); every request of a call is evaluated before any runs. */
  evaluate(request: PermissionRequest, ctx: PermissionContext): PermissionDecision | Promise<PermissionDecision>;
}
