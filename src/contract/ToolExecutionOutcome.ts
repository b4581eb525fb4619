import type { ToolError } from '../errors/ToolError.js';
import type { ToolInterruption } from '../interrupt/ToolInterruption.js';
import type { ToolResult } from '../values/ToolResult.js';

/**
 * How a call ended, a union on `status`:
 *
 * - `completed`: the tool ran and returned; `result.result.isError` says whether it reports a
 *   failure to the model (a non-zero exit, an MCP `isError` result).
 * - `interrupted`: the call waits for a person (approval) or a credential (auth); nothing ran
 *   unless a resumed run says so. Resume it with `executeApproved` or refuse it with `reject`.
 * - `failed`: a categorized `ToolError`; `invoked: false` means the body never ran (so nothing
 *   happened): unknown tool, invalid input, denied, rejected approval, cancelled before start.
 *
 * Narrow on `status` (`Extract<ToolExecutionOutcome, { status: 'failed' }>` names one variant).
 */
export type ToolExecutionOutcome =
  | { readonly status: 'completed'; readonly result: ToolResult }
  | { readonly status: 'interrupted'; readonly interruption: ToolInterruption }
  | { readonly status: 'failed'; readonly error: ToolError; readonly invoked: boolean };
