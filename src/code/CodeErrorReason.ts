/**
 * The `details.reason` of the errors `code_run` raises itself (a failed child call reaches
 * the script as a `ToolCallError` with the child's own code and reason). Stable strings.
 *
 * - `invalid_input`: `syntax_error` (the script does not compile as JavaScript);
 * - `execution_failed`: `script_threw` (an error the script did not catch, an uncaught
 *   tool failure included), `result_not_json`, `result_too_large`, `memory_limit`,
 *   `stack_overflow`, `tool_call_limit`, `replay_diverged` (a resumed script made another
 *   call than its paused run; nothing was run for it), `stalled` (the script awaits a promise
 *   nothing can settle);
 * - `interrupted`: `timeout`, `cancelled`;
 * - `permission_denied` on resume: `binding_mismatch` (the paused call had another script),
 *   `expired`, `already_used`;
 * - `unavailable`: `approval_store_unavailable` (the store that keeps paused scripts failed);
 * - `internal`: `engine_failed` (the isolate itself failed: nothing of it is kept);
 * - to the script (`ToolCallError.reason`, code `not_found` or `invalid_input`): `unknown_tool`,
 *   `call_input_too_large`; `internal`: `child_threw`.
 */
export const CODE_ERROR_REASONS = [
  'syntax_error',
  'script_threw',
  'result_not_json',
  'result_too_large',
  'memory_limit',
  'stack_overflow',
  'tool_call_limit',
  'replay_diverged',
  'stalled',
  'timeout',
  'cancelled',
  'binding_mismatch',
  'expired',
  'already_used',
  'approval_store_unavailable',
  'engine_failed',
  'unknown_tool',
  'call_input_too_large',
  'child_threw',
] as const;

/** One of {@link CODE_ERROR_REASONS}. */
export type CodeErrorReason = (typeof CODE_ERROR_REASONS)[number];
