import type { Stats } from 'node:fs';
import { buildFsError } from '../buildFsError.js';

/** The body's check that the entry is still the one preflight described (same device and inode). */
export function assertSameEntry(planned: Stats | undefined, current: Stats | undefined, canonicalPath: string): void {
  const same =
    planned === undefined
      ? current === undefined
      : current !== undefined && planned.dev === current.dev && planned.ino === current.ino;
  if (!same) {
    throw buildFsError(
      'execution_failed',
      'changed_since_preflight',
      `${JSON.stringify(canonicalPath)} changed after the call was checked (it was replaced, created or removed). Nothing was done; look at it again and retry.`,
      { path: canonicalPath },
    );
  }
}
