import type { ToolExecutionOutcome } from './ToolExecutionOutcome.js';
import type { ToolRequest } from './ToolRequest.js';

/**
 * Sees every call the executor runs, nested ones included: bind one under
 * `EXECUTOR_OBSERVER` for logs, metrics or tracing. Errors it throws are ignored.
 */
export interface ExecutorObserver {
  onStart?(request: ToolRequest): void;
  onEnd?(request: ToolRequest, outcome: ToolExecutionOutcome, durationMs: number): void;
}
