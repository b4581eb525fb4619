import type { WorkspaceRootMode } from './WorkspaceRootMode.js';

/** A root as the host configures it: an absolute path to an existing directory. */
export interface WorkspaceRootConfig {
  readonly path: string;
  /** Defaults to `read_write`. */
  readonly mode?: WorkspaceRootMode;
}
