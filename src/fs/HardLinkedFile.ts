import type { Stats } from 'node:fs';
import { buildFsError } from './buildFsError.js';

/**
 * The identity of a hard-linked file a preflight found and named in its request
 * (a path subject with `hardLinked: true`): the body reads it only if the handle it opened is that file.
 */
export interface HardLinkedFile {
  readonly dev: number;
  readonly ino: number;
}

/** The identity to keep in a plan when `stats` (an `lstat` in preflight) shows more than one hard link. */
export function getHardLinkedFile(stats: Stats | undefined): HardLinkedFile | undefined {
  return stats !== undefined && stats.isFile() && stats.nlink > 1 ? { dev: stats.dev, ino: stats.ino } : undefined;
}

/**
 * The body's check on the handle it is about to read (security.md Paths 8): a file with more
 * than one hard link is read only when the preflight named that very file as hard-linked (and
 * so asked for it). A file that became hard-linked after the check, or a different
 * hard-linked file swapped in, is refused: `execution_failed`, reason `hard_link`.
 */
export function assertLinkCountChecked(stats: Stats, canonicalPath: string, checked: HardLinkedFile | undefined): void {
  if (stats.nlink <= 1 || (checked !== undefined && checked.dev === stats.dev && checked.ino === stats.ino)) return;
  throw buildFsError(
    'execution_failed',
    'hard_link',
    `${JSON.stringify(canonicalPath)} has ${stats.nlink} hard links now, which the permission check did not see; its other names may be outside the workspace. Nothing was read; call again to have it checked.`,
    { path: canonicalPath, nlink: stats.nlink },
  );
}
