/**
 * How a script run in the isolate ended: it returned (the JSON text of its value), returned
 * something that is not JSON, threw, did not compile, or was stopped from outside (its time
 * was up, its host stopped it, or the engine failed).
 */
export type ScriptEnd =
  | { readonly type: 'returned'; readonly json: string }
  | { readonly type: 'not_json'; readonly message: string }
  | { readonly type: 'threw'; readonly error: ThrownError }
  | { readonly type: 'syntax_error'; readonly message: string }
  | { readonly type: 'interrupted' }
  | { readonly type: 'engine_failed'; readonly message: string };

/** What the script threw, described inside the isolate. */
export interface ThrownError {
  readonly name: string;
  readonly message: string;
  /** The isolate's stack trace, when it was an `Error`. */
  readonly stack?: string;
  /** The `ToolErrorCode`, when it was a tool call's `ToolCallError` the script did not catch. */
  readonly code?: string;
  /** The tool, for an uncaught `ToolCallError`. */
  readonly tool?: string;
}
