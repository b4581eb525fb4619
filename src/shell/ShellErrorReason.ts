/**
 * The `details.reason` of the errors `shell_exec` raises itself (working-directory and
 * redirection-target refusals keep the workspace's reasons: `outside_roots`, ...). Stable strings.
 *
 * Refused before the body runs (`invoked: false`, nothing ran):
 * - `invalid_input`: `command_or_argv` (not exactly one of them), `empty_command`,
 *   `nul_character`, `startup_variable` (the model set a variable that changes how programs
 *   start), `dynamic_redirection`, `relative_redirection_after_cd`, `relative_write_after_cd`
 *   (a target the parser cannot pin down), `nested_redirection`, `redirection_mismatch`,
 *   `cwd_not_a_directory`;
 * - `permission_denied`: `hard_link` (a write target with more than one link);
 * - `unavailable`: `sandbox_unavailable` (`sandbox: 'required'` without bubblewrap).
 *
 * Found by the body (`invoked: true`): `execution_failed` with `spawn_failed`, `cwd_changed`,
 * `redirection_changed` (a target changed after the check; nothing ran), `network_proxy_failed`
 * (the allowed-hosts proxy could not open a socket for the call; nothing ran);
 * `permission_denied` with `hard_link` (a target linked after the check; the one hard-link
 * refusal keeps its code wherever it is found); `unavailable` with `network_proxy_closed` (the
 * executor was closed) or `sandbox_supervisor_lost` (the warm sandbox running the command died
 * or stopped answering: the command was ended with it); `interrupted` with `cancelled`.
 */
export const SHELL_ERROR_REASONS = [
  'command_or_argv',
  'missing_preflight',
  'empty_command',
  'nul_character',
  'startup_variable',
  'dynamic_redirection',
  'relative_redirection_after_cd',
  'relative_write_after_cd',
  'nested_redirection',
  'redirection_mismatch',
  'cwd_not_a_directory',
  'hard_link',
  'sandbox_unavailable',
  'spawn_failed',
  'cwd_changed',
  'redirection_changed',
  'network_proxy_failed',
  'network_proxy_closed',
  'cancelled',
  'sandbox_supervisor_lost',
] as const;

/** One of {@link SHELL_ERROR_REASONS}: the `details.reason` of a `shell_exec` failure. */
export type ShellErrorReason = (typeof SHELL_ERROR_REASONS)[number];
