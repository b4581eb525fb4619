import type { ApprovalRequest } from './ApprovalRequest.js';
import type { AuthRequest } from './AuthRequest.js';

/** Why a call stopped without failing: the host must act, then resume the same call. */
export type ToolInterruption =
  | { readonly type: 'approval_required'; readonly approval: ApprovalRequest }
  | { readonly type: 'auth_required'; readonly auth: AuthRequest };
