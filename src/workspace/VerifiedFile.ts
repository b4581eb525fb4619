import type { Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

/**
 * A handle `Workspace.openVerified` opened and checked: read from `handle`, never re-open
 * `path`. The caller closes the handle.
 * @internal
 */
export interface VerifiedFile {
  /** The open, read-only handle. */
  readonly handle: FileHandle;
  /** `fstat` of the handle. */
  readonly stats: Stats;
  /** Where the opened file was confirmed to be (inside a root). */
  readonly path: string;
}
