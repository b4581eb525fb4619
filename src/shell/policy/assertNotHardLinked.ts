import { lstat } from 'node:fs/promises';
import { ToolError } from '../../index.js';
import { getHardLinkRefusal } from '../../kernel/index.js';

/**
 * Refuses a shell write target that is an existing regular file with more than one hard link:
 * another of its names may be outside the roots, and writing through this one would change
 * that file too (security.md Paths 8; the kernel's one refusal, which the fs tools use too).
 * Nothing has run when it throws (`permission_denied`, reason `hard_link`).
 */
export async function assertNotHardLinked(canonicalPath: string, what: string): Promise<void> {
  const stats = await lstat(canonicalPath).catch(() => undefined);
  const refusal = getHardLinkRefusal(stats, canonicalPath, {
    subject: `${what} ${JSON.stringify(canonicalPath)}`,
    consequence: 'Nothing was run. Write a new file instead, or remove the extra links first.',
  });
  if (refusal !== undefined) throw new ToolError(refusal.code, refusal.message, refusal.details);
}
