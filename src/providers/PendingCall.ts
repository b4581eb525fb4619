import type { ToolInterruption, ToolRequest } from '../index.js';

/**
 * A call waiting for the host: the request as the model made it and the interruption it ended
 * with. Plain JSON: persist it, then resume it with `executor.executeApproved(pending.request,
 * approval)` (or refuse it). The same shape as the core's `PendingCall` (issue 11 part 2).
 */
export interface PendingCall {
  readonly request: ToolRequest;
  readonly interruption: ToolInterruption;
}
