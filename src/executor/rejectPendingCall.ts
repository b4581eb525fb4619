import type { ApprovalGate, WithdrawnApproval } from './ApprovalGate.js';
import { failed } from './failures.js';
import { isToolRequest } from '../contract/isToolRequest.js';
import { DeadlineRace, monotonicNow, type DeadlineEnd } from './DeadlineRace.js';
import type { PendingCall } from './ToolExecutor.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';

/**
 * What became of the pending call's approval when it was rejected: `consumed` (it can never run
 * now), `already_used`, `expired`, `unknown_approval` (this executor's store does not know it),
 * `binding_mismatch` (it belongs to another session: left untouched), `store_failed` (the store
 * failed or did not answer within the budget: the approval may still be usable until it expires), `no_approval` (the
 * call was waiting for authentication, not approval).
 */
export type RejectedApprovalStatus =
  'consumed' | 'already_used' | 'expired' | 'unknown_approval' | 'binding_mismatch' | 'store_failed' | 'no_approval';

/** The store's answer to a withdrawal, awaited for `timeoutMs` at most (nothing to stop: the store keeps going). */
class Withdrawal extends DeadlineRace<RejectedApprovalStatus> {
  public constructor(timeoutMs: number) {
    super(monotonicNow() + timeoutMs, undefined);
  }

  protected stop(): void {
    // Nothing to stop.
  }

  protected settle(end: DeadlineEnd, value: unknown): RejectedApprovalStatus {
    return end === 'value' ? (value as WithdrawnApproval) : 'store_failed';
  }
}

/**
 * `executor.reject(pending, reason?)`: consumes the pending call's approval so that it can never
 * be used, and returns the outcome to send to the model: `failed`, `permission_denied`,
 * `details.reason: 'rejected_by_user'`, `invoked: false` (`true` when the approval named a nested
 * call: its parent's body had run up to it). The model is told the same whatever
 * the store answered (the user said no); the host reads `details.approvalStatus`. The store has `timeoutMs` to answer.
 */
export async function rejectPendingCall(
  gate: ApprovalGate,
  timeoutMs: number,
  pending: PendingCall,
  reason?: string,
): Promise<ToolExecutionOutcome> {
  const request: unknown = (pending as Partial<PendingCall> | null)?.request;
  if (!isToolRequest(request)) {
    return failed(
      'invalid_input',
      'The pending call is malformed: it needs a tool request with string callId, toolName, sessionId and turnId, and an input.',
      { reason: 'malformed_request' },
      false,
    );
  }
  const interruption = (pending as Partial<PendingCall>).interruption;
  const approval: unknown = interruption?.type === 'approval_required' ? interruption.approval : undefined;
  const approvalId = (approval as { id?: unknown } | undefined)?.id;
  let approvalStatus: RejectedApprovalStatus = 'no_approval';
  if (approval !== undefined) {
    approvalStatus = await new Withdrawal(timeoutMs).race(gate.withdraw(approval, request));
  }
  const userReason = typeof reason === 'string' && reason.trim() !== '' ? reason : null;
  const said = userReason === null ? '' : ` Their reason: ${JSON.stringify(userReason)}.`;
  // A nested call's approval (a composing tool's child, a code_run script's call): the parent
  // already ran up to it, and what its earlier children did stands.
  const named = approval as { callId?: unknown; toolName?: unknown } | undefined;
  const nested = typeof named?.callId === 'string' && named.callId !== request.callId;
  const what = nested
    ? `the call of tool \`${String(named.toolName)}\` that tool \`${request.toolName}\` made, so that call was not run (what \`${request.toolName}\` did before it stands) and \`${request.toolName}\` stopped there.`
    : `this call of tool \`${request.toolName}\`, so it was not run and nothing changed.`;
  return failed(
    'permission_denied',
    `The user declined ${what}${said} Do not call the tool again with the same input; follow the user's reason if they gave one, or ask the user how to proceed.`,
    {
      reason: 'rejected_by_user',
      approvalId: typeof approvalId === 'string' ? approvalId : null,
      approvalStatus,
      userReason,
    },
    nested,
  );
}
