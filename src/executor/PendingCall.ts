import type { ToolInterruption } from '../interrupt/ToolInterruption.js';
import type { ToolRequest } from '../contract/ToolRequest.js';

/**
 * A call waiting for the host: the request as the model made it and the interruption it ended
 * with. Plain JSON: persist it anywhere (a file, a database row, a job queue) and, in this
 * process or another, resume it with `executor.executeApproved(pending.request, approval)` or
 * refuse it with `executor.reject(pending, reason?)`. Resuming in another process needs an
 * approval store both processes share (for example `FileApprovalStore` from
 * `agentkit-tools-core/stores`).
 */
export interface PendingCall {
  /** The request as the model made it: resume with exactly this request. */
  readonly request: ToolRequest;
  /** What it waits for: an approval or a credential. */
  readonly interruption: ToolInterruption;
}
