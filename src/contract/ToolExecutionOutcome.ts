import type { ToolError } from '../errors/ToolError.js';
import type { ToolInterruption } from '../interrupt/ToolInterruption.js';
import type { ToolResult } from '../values/ToolResult.js';

/**
 * How a call ended. `failed.invoked` is `false` when the tool body never ran (so nothing
 * happened): unknown tool, invalid input, denied, rejected approval, cancelled before start.
 */
export type ToolExecutionOutcome = CompletedOutcome | InterruptedOutcome | FailedOutcome;

/** The tool ran and returned; `result.result.isError` says whether it reports a failure to the model. */
export type CompletedOutcome = { readonly status: 'completed'; readonly result: ToolResult };

/** The call waits for a person (approval) or a credential (auth); nothing ran unless a resumed run says so. */
export type InterruptedOutcome = { readonly status: 'interrupted'; readonly interruption: ToolInterruption };

/** The call failed; `invoked: false` means the body never ran. */
export type FailedOutcome = { readonly status: 'failed'; readonly error: ToolError; readonly invoked: boolean };
