/**
 * The `details.reason` of the errors MCP proxies and providers raise (with `details.server`,
 * the server id). Stable strings.
 *
 * - The remote call: `remote_invalid_params` (`invalid_input`: the server refused the
 *   arguments), `remote_error` (`execution_failed`, with `mcpCode`), `timeout`,
 *   `connection_closed`, `transport_error` (`unavailable`: the next call reconnects),
 *   `output_schema` (`execution_failed`: structured content missing or not matching the
 *   tool's output schema).
 * - Resource reads and prompt gets checked by a provider (`permission_denied`): `denied`
 *   (with the checker's `code`), `approval_required` (no approval callback, or it said no),
 *   `checker_failed` (the checker threw).
 */
export const MCP_ERROR_REASONS = [
  'remote_invalid_params',
  'remote_error',
  'timeout',
  'connection_closed',
  'transport_error',
  'output_schema',
  'denied',
  'approval_required',
  'checker_failed',
] as const;

/** One of {@link MCP_ERROR_REASONS}: the `details.reason` of an MCP failure. */
export type McpErrorReason = (typeof MCP_ERROR_REASONS)[number];
