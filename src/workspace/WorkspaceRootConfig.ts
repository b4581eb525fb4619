/** A root as the host configures it (`agentkitModule({ roots })`, `fileSystemTools({ roots })`). */
export interface WorkspaceRootConfig {
  /** An absolute path to an existing directory; realpath'ed at start-up. */
  readonly path: string;
  /** `read_write` (the default) or `read_only` (writes inside it are refused, reason `read_only_root`). */
  readonly mode?: 'read_write' | 'read_only';
}
