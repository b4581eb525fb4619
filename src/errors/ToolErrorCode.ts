/**
 * The categories every tool failure falls into. They are documented string codes: stable,
 * serializable and safe to switch on.
 *
 * - `not_found`: no tool with that name is registered.
 * - `invalid_input`: the input does not match the tool's schema or limits; fix the input.
 * - `permission_denied`: a permission check or containment rule refused the call.
 * - `execution_failed`: the tool body ran and failed (missing file, I/O error, ...).
 * - `unavailable`: a dependency of the tool (a server, a process) cannot be reached now.
 * - `interrupted`: the call was cancelled or timed out.
 * - `internal`: a defect in a tool or in the executor; not the model's fault.
 */
export const TOOL_ERROR_CODES = [
  'not_found',
  'invalid_input',
  'permission_denied',
  'execution_failed',
  'unavailable',
  'interrupted',
  'internal',
] as const;

/** One of {@link TOOL_ERROR_CODES}: the category of a {@link ToolError}. */
export type ToolErrorCode = (typeof TOOL_ERROR_CODES)[number];
