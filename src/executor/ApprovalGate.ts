import { randomUUID } from 'node:crypto';
import { ToolError } from '../errors/ToolError.js';
import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';
import type { ApprovalStore } from '../interrupt/ApprovalStore.js';
import { canonicalJson } from '../interrupt/canonicalJson.js';
import { computeApprovalBinding } from '../interrupt/computeApprovalBinding.js';
import type { PermissionRequestJson } from '../permissions/PermissionRequest.js';
import type { PendingRequest } from './evaluatePermissions.js';
import type { ToolRequest } from '../contract/ToolRequest.js';

/**
 * The approval a resumed run carries down to the call it names, and whether that call has
 * consumed it yet.
 */
export interface ApprovalRun {
  readonly approval: ApprovalRequest;
  consumed: boolean;
}

/** Why an approval was not honoured. */
export type ApprovalRejection =
  'binding_mismatch' | 'expired' | 'already_used' | 'unknown_approval' | 'approval_not_consumed';

const EXPLANATIONS: Record<ApprovalRejection, string> = {
  binding_mismatch: 'it was issued for a different call (another input, session, tool or set of permissions)',
  expired: 'it has expired',
  already_used: 'it was already used; an approval is good for one run',
  unknown_approval: 'its approval store does not know it',
  approval_not_consumed: 'no call in the resumed run was the one it names',
};

/**
 * Said to the host when the store does not know an approval: what can make a store lose one (a
 * process restart, the in-memory store's eviction at its limit, a file store's directory emptied)
 * rather than blaming one kind of store. Calling the tool again would only loop (each new approval
 * is lost the same way), so the model is not told to.
 */
export const UNKNOWN_APPROVAL_HINT =
  'the host application must fix this: the approval store does not hold this approval. Either it never held it (an executor with another store issued it), or it lost it: an in-memory store (the default) loses its approvals when its process ends or restarts and, at its limit (maxEntries, default 10,000), evicts the oldest first, so this one may have been evicted because the limit of the store was reached; a FileApprovalStore loses them when its directory is emptied or replaced (for example by another program using the same directory); a Redis or PostgreSQL store when its keys or rows are deleted. To resume approvals after a restart or in another process, bind one durable store shared by every executor, such as FileApprovalStore from agentkit-tools-core/stores (processes on one machine), or RedisApprovalStore or PostgresApprovalStore from agentkit-tools-core/redis or agentkit-tools-core/postgres (processes on several machines); where approvals wait long under load, raise maxEntries of the in-memory store';

/** The `permission_denied` error for a rejected approval. */
export function rejectApproval(reason: ApprovalRejection, approvalId: unknown, toolName: string): ToolError {
  const id = typeof approvalId === 'string' ? approvalId : null;
  if (reason === 'unknown_approval') {
    return new ToolError(
      'permission_denied',
      `The approval for tool \`${toolName}\` was not accepted: ${EXPLANATIONS[reason]}. Nothing was run. This is a fault of the host application, not of this call, and calling the tool again will not help: ${UNKNOWN_APPROVAL_HINT}.`,
      { reason, approvalId: id, hint: UNKNOWN_APPROVAL_HINT },
    );
  }
  return new ToolError(
    'permission_denied',
    `The approval for tool \`${toolName}\` was not accepted: ${EXPLANATIONS[reason]}. Nothing was run. Call the tool again to ask for a new approval.`,
    { reason, approvalId: id },
  );
}

/** What the gate asked its store when the store failed. */
type StoreAction = 'issue' | 'get' | 'consume';

const STORE_ACTIONS: Record<StoreAction, string> = {
  issue: 'record the new approval',
  get: 'read the approval',
  consume: 'mark the approval used',
};

/**
 * The `unavailable` error for an approval store that threw or rejected (a server down, a
 * connection lost, a directory gone): the call fails closed. Nothing was run; the approval was
 * not consumed unless the store applied the change before its answer was lost (then the approval
 * is spent, never run twice).
 */
export function approvalStoreUnavailable(
  action: StoreAction,
  toolName: string,
  approvalId: string | null,
  thrown: unknown,
): ToolError {
  let said: string;
  try {
    said = thrown instanceof Error ? thrown.message : typeof thrown === 'string' ? thrown : '';
  } catch {
    said = '';
  }
  said = said.trim().replace(/\.$/, '');
  return new ToolError(
    'unavailable',
    `Tool \`${toolName}\` was not run: the approval store failed to ${STORE_ACTIONS[action]}${said === '' ? '' : ` (${said})`}. The host's approval store (its Redis, PostgreSQL or file store) cannot be reached or failed; try again later.`,
    { reason: 'approval_store_unavailable', storeAction: action, approvalId },
    { cause: thrown },
  );
}

/** What {@link ApprovalGate.withdraw} did: `consumed` (it can never run now) or why it could not. */
export type WithdrawnApproval = 'consumed' | 'already_used' | 'expired' | 'unknown_approval' | 'binding_mismatch';

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
      binding: computeApprovalBinding({
        toolName: request.toolName,
        sessionId: request.sessionId,
        input: request.input,
        requests,
      }),
      createdAt: new Date(created).toISOString(),
      expiresAt: new Date(created + this.ttlMs).toISOString(),
    };
    await this.#ask('issue', request.toolName, null, () => this.store.issue(approval));
    return approval;
  }

  /**
   * The stored approval behind `presented`, if the presented copy is that approval unchanged
   * (a host could have edited it) and it can still serve a call of `request`'s session.
   */
  public async load(presented: unknown, request: ToolRequest): Promise<ApprovalRequest | ApprovalRejection> {
    const id = (presented as Partial<ApprovalRequest> | null)?.id;
    if (typeof id !== 'string') return 'unknown_approval';
    const stored = await this.#ask('get', request.toolName, id, () => this.store.get(id));
    if (stored === undefined) return 'unknown_approval';
    // The presented copy must be the stored one, field for field: an approval edited on its
    // way back (another expiry, call, request entry, ...) is refused, not silently replaced.
    if (canonicalJson(presented) !== canonicalJson(stored) || stored.sessionId !== request.sessionId) {
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
    const consumed = await this.#ask('consume', request.toolName, approval.id, () => this.store.consume(approval.id));
    if (consumed === 'consumed') return undefined;
    return this.#explain(consumed, approval);
  }

  /**
   * Consumes the stored approval behind `presented` so that it can never run, if it belongs to
   * `request`'s session (rejecting never runs anything, so the binding is not checked: the
   * approval may name a descendant of `request`). Says what became of it.
   */
  public async withdraw(presented: unknown, request: ToolRequest): Promise<WithdrawnApproval> {
    const id = (presented as Partial<ApprovalRequest> | null)?.id;
    if (typeof id !== 'string') return 'unknown_approval';
    const stored = await this.#ask('get', request.toolName, id, () => this.store.get(id));
    if (stored === undefined) return 'unknown_approval';
    if (stored.sessionId !== request.sessionId) return 'binding_mismatch';
    const consumed = await this.#ask('consume', request.toolName, id, () => this.store.consume(id));
    return consumed === 'consumed' ? 'consumed' : this.#explain(consumed, stored);
  }

  /** Asks the store; a throw or a rejection becomes {@link approvalStoreUnavailable}. */
  async #ask<T>(
    action: StoreAction,
    toolName: string,
    approvalId: string | null,
    step: () => T | Promise<T>,
  ): Promise<T> {
    try {
      return await step();
    } catch (thrown) {
      throw approvalStoreUnavailable(action, toolName, approvalId, thrown);
    }
  }

  /** Why the store did not consume `approval`: a store that enforces expiry forgets expired ones. */
  #explain(
    answer: 'already_used' | 'unknown',
    approval: ApprovalRequest,
  ): 'already_used' | 'expired' | 'unknown_approval' {
    if (answer === 'already_used') return 'already_used';
    return this.now() > Date.parse(approval.expiresAt) ? 'expired' : 'unknown_approval';
  }
}
