/** A configured root after start-up. */
export interface WorkspaceRoot {
  /** Absolute and realpath'ed. */
  readonly path: string;
  /**
   * `read_write`, or `read_only` (every resolve with `access: 'write'` inside it is refused, reason
   * `read_only_root`).
   */
  readonly mode: 'read_write' | 'read_only';
}
