/**
 * The one question the default checker asks the workspace: is this canonical path inside a
 * configured root? The core `Workspace` satisfies it structurally.
 */
export interface PathContainment {
  isInsideRoots(canonicalPath: string): boolean;
}
