import type { WorkspaceRoot } from './WorkspaceRoot.js';

/** The answer of `Workspace.resolve`: a path that was inside a root when it was checked. */
export interface ResolvedPath {
  /**
   * Canonical absolute path: the realpath of the nearest existing ancestor followed by the
   * remaining, not-yet-existing components.
   */
  readonly path: string;
  /** The (most specific) root containing `path`. */
  readonly root: WorkspaceRoot;
  /** Whether `path` existed when it was checked (a path to create does not). */
  readonly exists: boolean;
}
