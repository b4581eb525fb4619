/** Per-call options for `ToolExecutor.execute` / `executeApproved`. */
export interface ExecuteOptions {
  /** Aborting it cancels the call (`interrupted`, `details.reason: 'cancelled'`). */
  readonly signal?: AbortSignal;
  /** Overrides the executor's default timeout for this call. */
  readonly timeoutMs?: number;
}
