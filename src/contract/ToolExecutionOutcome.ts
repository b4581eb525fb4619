import type { ToolError } from '../errors/ToolError.js';
import type { ToolInterruption } from '../interrupt/ToolInterruption.js';
import type { ToolResult } from '../values/ToolResult.js';

/**
 * How a call ended. `failed.invoked` is `false` when the tool body never ran (so nothing
 * happened): unknown tool, invalid input, denied, rejected approval, cancelled before start.
 */
export type ToolExecutionOutcome =
  | { readonly status: 'completed'; readonly result: ToolResult }
  | { readonly status: 'interrupted'; readonly interruption: ToolInterruption }
  | { readonly status: 'failed'; readonly error: ToolError; readonly invoked: boolean };
