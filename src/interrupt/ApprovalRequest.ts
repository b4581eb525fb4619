import type { PermissionRequestJson } from '../permissions/PermissionRequest.js';

/**
 * A call paused until a person approves it. Plain JSON: it survives `JSON.stringify`,
 * `JSON.parse` and a process restart. `binding` is a digest of the tool name, the canonical
 * input, the session and `requests`: the approval is valid for that exact call only.
 *
 * @example
 * ```ts
 * import type { ApprovalRequest, ToolExecutionOutcome, ToolExecutor, ToolRequest } from 'agentkit-tools-core';
 *
 * // Ask a person and resume the exact same call when they approve.
 * async function runWithApproval(
 *   executor: ToolExecutor,
 *   request: ToolRequest,
 *   askUser: (approval: ApprovalRequest) => Promise<boolean>,
 * ): Promise<ToolExecutionOutcome> {
 *   const outcome = await executor.execute(request);
 *   if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required') return outcome;
 *   const { approval } = outcome.interruption; // plain JSON: store it, show it, restart, ...
 *   if (!(await askUser(approval))) {
 *     return executor.reject({ request, interruption: outcome.interruption }, 'not approved');
 *   }
 *   return executor.executeApproved(request, approval); // single use, bound to this exact call
 * }
 * ```
 */
export interface ApprovalRequest {
  /** The approval's id (what the `ApprovalStore` keys it by). */
  readonly id: string;
  /** The call it was raised for (a nested call's own id when a child asked). */
  readonly callId: string;
  /** That call's tool. */
  readonly toolName: string;
  /** The session it is valid in. */
  readonly sessionId: string;
  /** The turn that made the call. */
  readonly turnId: string;
  /** The serialized permission requests that need approval. */
  readonly requests: readonly PermissionRequestJson[];
  /** Why approval is needed, for the person who decides (never cut silently). */
  readonly reason: string;
  /** A digest of tool name, canonical input, session and requests: what the approval is bound to. */
  readonly binding: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** ISO 8601. */
  readonly expiresAt: string;
}
