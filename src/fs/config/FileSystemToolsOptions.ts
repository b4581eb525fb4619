import type { WorkspaceRootConfig } from '../../index.js';
import type { FileSystemLimits } from './FileSystemLimits.js';

/** Options of `fileSystemTools(options)`. */
export interface FileSystemToolsOptions {
  /**
   * Roots the tools are confined to (each `read_write` by default, or `read_only`). Without
   * roots the tools use the container's `WORKSPACE` (the roots given to `agentkitModule`).
   */
  readonly roots?: readonly WorkspaceRootConfig[];
  /** Globs of protected paths (replace the defaults). Default `DEFAULT_PROTECTED_PATHS`. */
  readonly protectedPaths?: readonly string[];
  /**
   * Editing or overwriting an existing file needs an earlier `fs_read_file` of it in the same
   * session, and fails when the file changed since. Default `true`.
   */
  readonly requireReadBeforeWrite?: boolean;
  /** Overrides of single limits; the others keep their defaults. */
  readonly limits?: Partial<FileSystemLimits>;
}
