import type { WorkspaceRootMode } from './WorkspaceRootMode.js';

/** A configured root after start-up: `path` is absolute and realpath'ed. */
export interface WorkspaceRoot {
  readonly path: string;
  readonly mode: WorkspaceRootMode;
}
