import { ToolError } from '../errors/ToolError.js';
import type { ToolExecutionOutcome } from './ToolExecutionOutcome.js';
import { isToolResult } from '../values/isToolResult.js';

/** True when `value` is a {@link ToolExecutionOutcome} (as a child call returns one). */
export function isToolExecutionOutcome(value: unknown): value is ToolExecutionOutcome {
  if (typeof value !== 'object' || value === null) return false;
  const outcome = value as Record<string, unknown>;
  switch (outcome.status) {
    case 'completed':
      return isToolResult(outcome.result);
    case 'interrupted':
      return typeof outcome.interruption === 'object' && outcome.interruption !== null;
    case 'failed':
      return ToolError.is(outcome.error) && typeof outcome.invoked === 'boolean';
    default:
      return false;
  }
}
