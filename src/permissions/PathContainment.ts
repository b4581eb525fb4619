/**
 * The one question the default checker asks about roots: is this canonical path inside a
 * configured root? The core `Workspace` satisfies it structurally; in a container the checker
 * gets `PATH_CONTAINMENT`, the union of `WORKSPACE` and every module's `MODULE_WORKSPACE`.
 * The answer comes from the roots alone, never from anything the request says about itself.
 */
export interface PathContainment {
  /** Whether the canonical (absolute, symlink-free) path is inside a configured root. */
  isInsideRoots(canonicalPath: string): boolean;
}
