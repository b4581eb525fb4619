import type { Stats } from 'node:fs';

/**
 * Whether `stats` (an `lstat` or `fstat`) shows a regular file with more than one hard link:
 * another of its names may be outside the roots (security.md Paths 8).
 * @internal
 */
export function isHardLinked(stats: Stats | undefined): boolean {
  return stats !== undefined && stats.isFile() && stats.nlink > 1;
}

/**
 * The one hard-link refusal, as the `ToolError` to throw (`new ToolError(code, message, details)`).
 * Its code is always `permission_denied`: it is a refusal of the safety model, like a path
 * outside the roots, whether a preflight finds it (`invoked: false`) or a body's re-check at
 * open time does (`invoked: true`: nothing was read or written either way). Reason `hard_link`.
 * @internal
 */
export interface HardLinkRefusal {
  readonly code: 'permission_denied';
  readonly message: string;
  readonly details: { readonly reason: 'hard_link'; readonly path: string; readonly nlink: number };
}

/** How a caller names the file and says what did not happen. */
interface HardLinkWording {
  /** The file as the message names it (default: the quoted canonical path). */
  readonly subject?: string;
  /** What was not done and how to go on: `Nothing was written.` */
  readonly consequence: string;
}

/**
 * The refusal for a file that is hard-linked (see {@link isHardLinked}), or `undefined` for any
 * other entry (missing, a directory, a file with one link).
 * @internal
 */
export function getHardLinkRefusal(
  stats: Stats | undefined,
  canonicalPath: string,
  wording: HardLinkWording,
): HardLinkRefusal | undefined {
  if (stats === undefined || !isHardLinked(stats)) return undefined;
  const subject = wording.subject ?? JSON.stringify(canonicalPath);
  return {
    code: 'permission_denied',
    message: `${subject} has ${stats.nlink} hard links; another of its names may be outside the workspace, and going through this one would reach that file too. ${wording.consequence}`,
    details: { reason: 'hard_link', path: canonicalPath, nlink: stats.nlink },
  };
}
