import type { ToolExecutionOutcome, ToolRequest } from '../index.js';

/** A `failed` outcome whose tool body never ran (`invoked: false`). */
export type NotInvokedFailure = Extract<ToolExecutionOutcome, { readonly status: 'failed' }> & {
  readonly invoked: false;
};

/**
 * One provider tool call, parsed: the request to execute, or, when the call cannot be executed
 * as sent (its arguments are not valid JSON), the same request together with the `failure`
 * outcome to send back to the model INSTEAD of executing it.
 *
 * - `request.callId` is the provider's call id (the one the tool-result message must echo);
 *   `request.toolName` is the tool's own name (`fs.read_file`), mapped back from `fs__read_file`.
 * - With `failure`, `request.input` is the raw argument string as the provider sent it, and
 *   `failure` is an `invalid_input` `ToolError` that says the arguments are not valid JSON.
 *   The core never sees provider formats, so the adapter decides this before execution.
 */
export type ParsedToolCall =
  | { readonly request: ToolRequest; readonly failure?: undefined }
  | { readonly request: ToolRequest; readonly failure: NotInvokedFailure };
