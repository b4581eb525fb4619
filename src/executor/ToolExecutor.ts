import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';
import type { ToolSpec } from '../spec/ToolSpec.js';
import type { ExecuteOptions } from './ExecuteOptions.js';
import type { ToolExecutionOutcome } from './ToolExecutionOutcome.js';
import type { ToolRequest } from './ToolRequest.js';

/** The one boundary a loop calls to run tool calls. Implementations never throw. */
export interface ToolExecutor {
  /** The specs of every registered tool, sorted by name. */
  specs(): readonly ToolSpec[];
  execute(request: ToolRequest, options?: ExecuteOptions): Promise<ToolExecutionOutcome>;
  /** Resumes the exact call `approval` was issued for, once. */
  executeApproved(
    request: ToolRequest,
    approval: ApprovalRequest,
    options?: ExecuteOptions,
  ): Promise<ToolExecutionOutcome>;
  /**
   * Releases what the executor holds (MCP connections and server processes, subscriptions),
   * so the host process can exit. Idempotent; unbinding the container calls it.
   */
  close(): Promise<void>;
  /** The same as {@link close}, for `await using executor = ...`. */
  [Symbol.asyncDispose](): Promise<void>;
}
