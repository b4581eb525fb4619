import type { WorkspaceRootConfig } from '../../index.js';
import type { ReadTracker } from '../ReadTracker.js';
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
  /**
   * Where the read-before-write memory is kept. Default: a new in-memory `ReadTracker`, enough
   * while one process serves a session. A host that stops at an approval and resumes the call
   * in another process needs a durable one, `new FileReadTracker({ directory })`, or the
   * approved edit is refused there ("read the file first") and the model must read it again.
   */
  readonly readTracker?: ReadTracker;
  /** Overrides of single limits; the others keep their defaults. */
  readonly limits?: Partial<FileSystemLimits>;
}
