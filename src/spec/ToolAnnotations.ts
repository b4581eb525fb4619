/** Hints about a tool's behaviour, for models, UIs and policy defaults. Never enforcement. */
export interface ToolAnnotations {
  /** It changes nothing (reads, lists, searches). */
  readonly readOnlyHint?: boolean;
  /** It may destroy or overwrite data; the default checker asks before it runs. */
  readonly destructiveHint?: boolean;
  /** Calling it twice with the same input has the effect of calling it once. */
  readonly idempotentHint?: boolean;
  /** A person should approve each call; the default checker asks before it runs. */
  readonly needsApprovalHint?: boolean;
  /** It emits partial output while it runs. */
  readonly supportsStreamingHint?: boolean;
}
