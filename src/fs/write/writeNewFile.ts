import type { Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Workspace } from '../../index.js';
import { getErrnoCode, OPEN_FLAGS } from '../../kernel/index.js';
import { buildFsError } from '../buildFsError.js';
import { withVerifiedDirectory } from './withVerifiedDirectory.js';

/**
 * Creates `target` with exclusive create (`O_CREAT | O_EXCL | O_NOFOLLOW`) through a confirmed
 * handle of its parent, confirms through `workspace.openVerified` that the new file is the one
 * inside the root, then writes `bytes`. Returns the `fstat` of the written file.
 */
export async function writeNewFile(workspace: Workspace, target: string, bytes: Uint8Array): Promise<Stats> {
  return withVerifiedDirectory(workspace, path.dirname(target), async (parent) => {
    let handle: FileHandle;
    try {
      handle = await open(parent.entry(path.basename(target)), OPEN_FLAGS.CREATE_NEW, 0o666);
    } catch (error) {
      if (getErrnoCode(error) === 'EEXIST') {
        throw buildFsError('execution_failed', 'changed_since_preflight', `${JSON.stringify(target)} was created by someone else after the call was checked. Nothing was written; read it and decide again.`, { path: target }, error);
      }
      throw error;
    }
    try {
      const created = await handle.stat();
      const confirmed = await workspace.openVerified(target);
      const same = confirmed.stats.dev === created.dev && confirmed.stats.ino === created.ino;
      await confirmed.handle.close();
      if (!same) {
        throw buildFsError('execution_failed', 'changed_since_preflight', `${JSON.stringify(target)} was replaced while it was being created. Nothing was written.`, { path: target });
      }
      await handle.writeFile(bytes);
      return await handle.stat();
    } finally {
      await handle.close();
    }
  });
}
