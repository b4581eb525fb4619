import type { FileSystemLimits } from './FileSystemLimits.js';

/** `FileSystemToolsOptions` with every default filled in (bound under `FS_OPTIONS`). */
export interface FileSystemConfig {
  readonly protectedPaths: readonly string[];
  readonly requireReadBeforeWrite: boolean;
  readonly limits: FileSystemLimits;
}
