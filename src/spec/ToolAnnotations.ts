/** Hints about a tool's behaviour, for models, UIs and policy defaults. Never enforcement. */
export interface ToolAnnotations {
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly needsApprovalHint?: boolean;
  readonly supportsStreamingHint?: boolean;
}
