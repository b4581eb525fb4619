import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';
import type { ToolSpec } from '../spec/ToolSpec.js';
import type { ExecuteOptions } from './ExecuteOptions.js';
import type { ToolInterruption } from '../interrupt/ToolInterruption.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import type { ToolRequest } from '../contract/ToolRequest.js';

/** The one boundary a loop calls to run tool calls. Implementations never throw. */
export interface ToolExecutor {
  /** The specs of every registered tool, sorted by name. */
  specs(): readonly ToolSpec[];
  execute(request: ToolRequest, options?: ExecuteOptions): Promise<ToolExecutionOutcome>;
  /** Resumes the exact call `approval` was issued for, once. */
  executeApproved(request: ToolRequest, approval: ApprovalRequest, options?: ExecuteOptions): Promise<ToolExecutionOutcome>;
  /**
   * Refuses a pending call: consumes its approval (so it can never run) and returns the outcome
   * to send to the model, `failed`, `permission_denied`, `invoked: false`, with
   * `details.reason: 'rejected_by_user'` (the user's `reason`, if given, is passed on) and
   * `details.approvalStatus` saying what became of the approval.
   */
  reject(pending: PendingCall, reason?: string): Promise<ToolExecutionOutcome>;
  /**
   * Releases what the executor holds (MCP connections and server processes, subscriptions),
   * so the host process can exit. Idempotent; unbinding the container calls it.
   */
  close(): Promise<void>;
  /** The same as {@link close}, for `await using executor = ...`. */
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * A call waiting for the host: the request as the model made it and the interruption it ended
 * with. Plain JSON: persist it anywhere (a file, a database row, a job queue) and, in this
 * process or another, resume it with `executor.executeApproved(pending.request, approval)` or
 * refuse it with `executor.reject(pending, reason?)`. Resuming in another process needs an
 * approval store both processes share (for example `FileApprovalStore` from
 * `agentkit-tools-core/stores`).
 */
export interface PendingCall {
  readonly request: ToolRequest;
  readonly interruption: ToolInterruption;
}
