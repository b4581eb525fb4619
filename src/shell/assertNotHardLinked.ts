import { lstat } from 'node:fs/promises';
import { ToolError } from '../index.js';

/**
 * Refuses a shell write target that is an existing regular file with more than one hard link:
 * another of its names may be outside the roots, and writing through this one would change
 * that file too (security.md Paths 8; the fs tools refuse such writes the same way). Nothing
 * has run when it throws (`permission_denied`, reason `hard_link`).
 */
export async function assertNotHardLinked(canonicalPath: string, what: string): Promise<void> {
  const stats = await lstat(canonicalPath).catch(() => undefined);
  if (stats === undefined || !stats.isFile() || stats.nlink <= 1) return;
  throw new ToolError(
    'permission_denied',
    `${what} ${JSON.stringify(canonicalPath)} has ${stats.nlink} hard links; another of its names may be outside the workspace, so the command may not write it. Nothing was run. Write a new file instead, or remove the extra links first.`,
    { reason: 'hard_link', path: canonicalPath, nlink: stats.nlink },
  );
}
