import { randomUUID } from 'node:crypto';
import { ToolError } from '../errors/ToolError.js';
import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';
import type { ApprovalStore } from '../interrupt/ApprovalStore.js';
import { canonicalJson } from '../interrupt/canonicalJson.js';
import { computeApprovalBinding } from '../interrupt/computeApprovalBinding.js';
import type { PermissionRequestJson } from '../permissions/PermissionRequest.js';
import type { PendingRequest } from './evaluatePermissions.js';
import type { ToolRequest } from './ToolRequest.js';

/** Why an approval was not honoured. */
export type ApprovalRejection = 'binding_mismatch' | 'expired' | 'already_used' | 'unknown_approval' | 'approval_not_consumed';

const EXPLANATIONS: Record<ApprovalRejection, string> = {
  binding_mismatch: 'it was issued for a different call (another input, session, tool or set of permissions)',
  expired: 'it has expired',
  already_used: 'it was already used; an approval is good for one run',
  unknown_approval: 'this executor never issued it',
  approval_not_consumed: 'no call in the resumed run was the one it names',
};

/** The `permission_denied` error for a rejected approval. */
export function rejectApproval(reason: ApprovalRejection, approvalId: unknown, toolName: string): ToolError {
  return new ToolError(
    'permission_denied',
    `The approval for tool \`${toolName}\` was not accepted: ${EXPLANATIONS[reason]}. Nothing was run. Call the tool again to ask for a new approval.`,
    { reason, approvalId: typeof approvalId === 'string' ? approvalId : null },
  );
}

/** Issues approvals and checks them on resume: bound to the exact call, expiring, single use. */
export class ApprovalGate {
  public constructor(
    private readonly store: ApprovalStore,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  public async issue(request: ToolRequest, pending: readonly PendingRequest[]): Promise<ApprovalRequest> {
    const requests: PermissionRequestJson[] = pending.map((entry) => entry.request.toJSON());
    const created = this.now();
    const approval: ApprovalRequest = {
      id: randomUUID(),
      callId: request.callId,
      toolName: request.toolName,
      sessionId: request.sessionId,
      turnId: request.turnId,
      requests,
      reason: pending.map((entry) => entry.reason).join('; '),
      binding: computeApprovalBinding({ toolName: request.toolName, sessionId: request.sessionId, input: request.input, requests }),
      createdAt: new Date(created).toISOString(),
      expiresAt: new Date(created + this.ttlMs).toISOString(),
    };
    await this.store.issue(approval);
    return approval;
  }

  /**
   * The stored approval behind `presented` (never the presented copy, which a host could have
   * edited), if it can still serve a call of `request`'s session.
   */
  public async load(presented: unknown, request: ToolRequest): Promise<ApprovalRequest | ApprovalRejection> {
    const id = (presented as Partial<ApprovalRequest> | null)?.id;
    if (typeof id !== 'string') return 'unknown_approval';
    const stored = await this.store.get(id);
    if (stored === undefined) return 'unknown_approval';
    if ((presented as ApprovalRequest).binding !== stored.binding || stored.sessionId !== request.sessionId) {
      return 'binding_mismatch';
    }
    if (this.now() > Date.parse(stored.expiresAt)) return 'expired';
    return stored;
  }

  /** True when `approval` names this call. */
  public static names(approval: ApprovalRequest, request: ToolRequest): boolean {
    return approval.callId === request.callId && approval.toolName === request.toolName;
  }

  /**
   * Checks the approval against the call as it is now and consumes it. The binding must match
   * this exact tool, session and input; every request that needs approval now must be one the
   * approval names (fewer is fine: a policy may have relaxed meanwhile; more is not).
   */
  public async redeem(
    approval: ApprovalRequest,
    request: ToolRequest,
    pending: readonly PendingRequest[],
  ): Promise<ApprovalRejection | undefined> {
    if (!ApprovalGate.names(approval, request)) return 'binding_mismatch';
    const binding = computeApprovalBinding({
      toolName: request.toolName,
      sessionId: request.sessionId,
      input: request.input,
      requests: approval.requests,
    });
    if (binding !== approval.binding) return 'binding_mismatch';
    const approved = new Set(approval.requests.map((json) => canonicalJson(json)));
    if (!pending.every((entry) => approved.has(canonicalJson(entry.request.toJSON())))) return 'binding_mismatch';
    if (this.now() > Date.parse(approval.expiresAt)) return 'expired';
    const consumed = await this.store.consume(approval.id);
    if (consumed === 'consumed') return undefined;
    return consumed === 'already_used' ? 'already_used' : 'unknown_approval';
  }
}
