/** Options of `Workspace.openVerified`. * @internal
 */
export interface OpenVerifiedOptions {
  /** Accept a directory handle too (for listing). Defaults to `false`: regular files only. */
  readonly allowDirectory?: boolean;
  /** Refuse regular files larger than this many bytes. */
  readonly maxBytes?: number;
}
