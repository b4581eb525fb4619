import type { ToolExecutionOutcome, ToolRequest } from '../index.js';

/** A call of this turn that ended (completed or failed): what to send back to the model now. */
export interface ExecutedToolCall {
  /** The request the call became. */
  readonly request: ToolRequest;
  /** Its outcome (completed or failed: interrupted calls are in `pending`). */
  readonly outcome: Exclude<ToolExecutionOutcome, { readonly status: 'interrupted' }>;
}
