import type { Stats } from 'node:fs';

/**
 * A file descriptor `Workspace.openVerifiedSync` opened and checked: read from `fd`, never
 * re-open `path`. The caller closes it (`closeSync`).
 * @internal
 */
export interface VerifiedDescriptor {
  /** The open, read-only descriptor. */
  readonly fd: number;
  /** `fstat` of the descriptor. */
  readonly stats: Stats;
  /** Where the opened file was confirmed to be (inside a root). */
  readonly path: string;
}
