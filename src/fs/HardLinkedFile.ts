import type { Stats } from 'node:fs';
import { ToolError } from '../index.js';
import { getHardLinkRefusal, isHardLinked } from '../kernel/index.js';

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
  return stats !== undefined && isHardLinked(stats) ? { dev: stats.dev, ino: stats.ino } : undefined;
}

/**
 * The body's check on the handle it is about to read (security.md Paths 8): a file with more
 * than one hard link is read only when the preflight named that very file as hard-linked (and
 * so asked for it). A file that became hard-linked after the check, or a different
 * hard-linked file swapped in, is refused: the kernel's one refusal (`permission_denied`, reason
 * `hard_link`, with `invoked: true` since the body had started; nothing was read).
 */
export function assertLinkCountChecked(stats: Stats, canonicalPath: string, checked: HardLinkedFile | undefined): void {
  if (checked !== undefined && checked.dev === stats.dev && checked.ino === stats.ino) return;
  const refusal = getHardLinkRefusal(stats, canonicalPath, {
    consequence: 'The permission check did not see these links. Nothing was read; call again to have it checked.',
  });
  if (refusal !== undefined) throw new ToolError(refusal.code, refusal.message, refusal.details);
}
