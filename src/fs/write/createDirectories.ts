import { lstat, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Workspace } from '../../index.js';
import { getErrnoCode } from '../../kernel/index.js';
import { buildFsError } from '../buildFsError.js';
import { withVerifiedDirectory } from './withVerifiedDirectory.js';

/**
 * Creates `missing` (canonical paths, outermost first, each the parent of the next), one
 * component at a time: each `mkdir` goes through a freshly confirmed handle of its parent, and
 * an entry that appeared meanwhile must be a real directory (never a link). Returns the
 * directories created.
 */
export async function createDirectories(workspace: Workspace, missing: readonly string[]): Promise<string[]> {
  const created: string[] = [];
  for (const directory of missing) {
    await withVerifiedDirectory(workspace, path.dirname(directory), async (parent) => {
      const entry = parent.entry(path.basename(directory));
      try {
        await mkdir(entry);
        created.push(directory);
      } catch (error) {
        if (getErrnoCode(error) !== 'EEXIST') throw error;
        if (!(await lstat(entry)).isDirectory()) {
          throw buildFsError(
            'execution_failed',
            'changed_since_preflight',
            `${JSON.stringify(directory)} appeared as something other than a directory after the call was checked. Nothing more was created.`,
            { path: directory, created },
          );
        }
      }
    });
  }
  return created;
}
