import type { ToolExecutionOutcome, ToolRequest } from '../index.js';

/** A call of this turn that ended (completed or failed): what to send back to the model now. */
export interface ExecutedToolCall {
  readonly request: ToolRequest;
  readonly outcome: Exclude<ToolExecutionOutcome, { readonly status: 'interrupted' }>;
}
