import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';
import type { ChildToolRequest } from './ChildToolRequest.js';
import type { ToolExecutionOutcome } from './ToolExecutionOutcome.js';

/**
 * Lets a composing tool call other tools through the same path as the host: validation,
 * preflight and permissions all apply to children. Nesting depth is bounded.
 */
export interface ToolExecutionScope {
  /** The current nesting depth: 0 for a call made by the host. */
  readonly depth: number;
  /**
   * Runs a child call. When the run being resumed carries an approval that names this child
   * (same `callId` and tool), the child is resumed with it.
   */
  executeChild(request: ChildToolRequest): Promise<ToolExecutionOutcome>;
  /** Runs a child call past a recorded approval (usually `ctx.approvedRequest`). */
  executeApprovedChild(request: ChildToolRequest, approval: ApprovalRequest): Promise<ToolExecutionOutcome>;
}
