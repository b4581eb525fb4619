/**
 * Per-call options for `ToolExecutor.execute` / `executeApproved`. Malformed options (not an
 * object, a `signal` that is not an `AbortSignal`, a `timeoutMs` that is not a number of
 * milliseconds from 1 to 2,147,483,647) end the call `failed`, `invalid_input`, without running it.
 */
export interface ExecuteOptions {
  /** Aborting it cancels the call (`interrupted`, `details.reason: 'cancelled'`). */
  readonly signal?: AbortSignal;
  /**
   * Overrides the tool's and the executor's default timeout for this call. It is the body's
   * budget, counted from when the body starts; the checks before it (validation, preflight,
   * permissions, approval store) have a budget of the same length of their own, and past it the
   * call ends `interrupted` (`details.stage: 'checks'`) with `invoked: false`.
   */
  readonly timeoutMs?: number;
}
