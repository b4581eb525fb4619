import type { WorkspacePathRefusalReason } from '../workspace/WorkspacePathRefusalReason.js';

/**
 * The `details.reason` of the errors the executor produces. Stable strings, safe to switch on.
 *
 * Refused before the body runs (`invoked: false`):
 * - `invalid_input`: `malformed_request` (a request or pending call without string ids),
 *   `invalid_options`, `invalid_signal`, `invalid_timeout` (the host's call options),
 *   `too_large`, `too_deep`, `forbidden_key`, `not_json` (the input limits);
 * - `permission_denied`: `binding_mismatch`, `expired`, `already_used`, `unknown_approval`
 *   (a rejected approval), `rejected_by_user` (`executor.reject`);
 * - `internal`: `invalid_permission_request` (a preflight returned something that is not a
 *   permission request);
 * - `execution_failed`: `max_nesting_depth`;
 * - `unavailable`: `approval_store_unavailable` (the approval store threw or rejected while
 *   issuing, reading or consuming an approval: the call fails closed);
 * - `interrupted`: `cancelled`, `timeout` (before the body, `details.stage: 'checks'`).
 *
 * After the body ran (`invoked: true`): `interrupted` with `timeout` or `cancelled`;
 * `execution_failed` with `output_schema`, `output_not_json`; `internal` with
 * `invalid_result`, `invalid_outcome`, `unreadable_end`; `permission_denied` with
 * `approval_not_consumed` (a resumed run completed without consuming its approval).
 *
 * Thrown into a tool by its context (the tool may catch them): `internal` with `invalid_question`,
 * `invalid_sampling_request` (the tool's own mistake); `unavailable` with `elicitation_failed`,
 * `sampling_failed` (the host's handler threw); `invalid_input` with `invalid_answer` (also
 * `executeWithInput`'s, `invoked: false`); `execution_failed` with `invalid_sampling_result`;
 * `interrupted` with `input_required`, `capability_required` (the call ends interrupted).
 * @internal
 */
export const EXECUTOR_ERROR_REASONS = [
  'malformed_request',
  'invalid_preflight_result',
  'invalid_options',
  'invalid_signal',
  'invalid_timeout',
  'too_large',
  'too_deep',
  'forbidden_key',
  'not_json',
  'binding_mismatch',
  'expired',
  'already_used',
  'unknown_approval',
  'approval_not_consumed',
  'rejected_by_user',
  'invalid_permission_request',
  'max_nesting_depth',
  'approval_store_unavailable',
  'cancelled',
  'timeout',
  'output_schema',
  'output_not_json',
  'invalid_result',
  'invalid_outcome',
  'unreadable_end',
  'invalid_question',
  'invalid_answer',
  'elicitation_failed',
  'invalid_sampling_request',
  'invalid_sampling_result',
  'sampling_failed',
  'input_required',
  'capability_required',
] as const;

/**
 * One of {@link EXECUTOR_ERROR_REASONS}.
 * @internal
 */
export type ExecutorErrorReason = (typeof EXECUTOR_ERROR_REASONS)[number];

/**
 * Every `details.reason` the core produces: the executor's and the workspace's path refusals.
 * The built-ins add their own families: `FileSystemErrorReason` (`agentkit-tools-core/fs`),
 * `ShellErrorReason` (`/shell`), `McpErrorReason` (`/mcp`).
 * @internal
 */
export type ToolErrorReason = ExecutorErrorReason | WorkspacePathRefusalReason;
