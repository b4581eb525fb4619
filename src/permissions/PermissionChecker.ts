import type { PermissionDecision } from './PermissionDecision.js';
import type { PermissionRequest } from './PermissionRequest.js';

/** What a checker knows about the call a permission request comes from. */
export interface PermissionContext {
  readonly toolName: string;
  readonly callId: string;
  readonly sessionId: string;
  readonly turnId: string;
}

/**
 * Decides on one permission request. Bound under `PERMISSION_CHECKER`; the executor asks it
 * about every request a call's preflight produced. A checker that throws counts as a deny.
 */
export interface PermissionChecker {
  evaluate(request: PermissionRequest, ctx: PermissionContext): PermissionDecision | Promise<PermissionDecision>;
}
