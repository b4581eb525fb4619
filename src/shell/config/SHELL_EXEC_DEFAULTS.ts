/** Defaults and limits of `shell_exec`. */
export const SHELL_EXEC_DEFAULTS = Object.freeze({
  timeoutMs: 120_000,
  maxTimeoutMs: 600_000,
  maxOutputBytes: 1024 * 1024,
  hardOutputLimitBytes: 16 * 1024 * 1024,
  maxConcurrent: 4,
  killGraceMs: 2_000,
});
