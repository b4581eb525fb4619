import type { Stats } from 'node:fs';
import { lstat, open, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Workspace } from '../../index.js';
import { getErrnoCode, OPEN_FLAGS } from '../../kernel/index.js';
import { buildFsError } from '../buildFsError.js';
import { buildWriteFailure } from './buildWriteFailure.js';
import { withVerifiedDirectory } from './withVerifiedDirectory.js';

/**
 * Creates `target` with exclusive create (`O_CREAT | O_EXCL | O_NOFOLLOW`) through a confirmed
 * handle of its parent, confirms through `workspace.openVerified` that the new file is the one
 * inside the root, then writes `bytes`. A write that fails part-way (a full disk) removes the
 * partly written file and throws `io_error`. Returns the `fstat` of the written file.
 */
export async function writeNewFile(workspace: Workspace, target: string, bytes: Uint8Array): Promise<Stats> {
  return withVerifiedDirectory(workspace, path.dirname(target), async (parent) => {
    const name = path.basename(target);
    let handle: FileHandle;
    try {
      handle = await open(parent.entry(name), OPEN_FLAGS.CREATE_NEW, 0o666);
    } catch (error) {
      if (getErrnoCode(error) === 'EEXIST') {
        throw buildFsError(
          'execution_failed',
          'changed_since_preflight',
          `${JSON.stringify(target)} was created by someone else after the call was checked. Nothing was written; read it and decide again.`,
          { path: target },
          error,
        );
      }
      throw error;
    }
    const created = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    try {
      const confirmed = await workspace.openVerified(target);
      const same = confirmed.stats.dev === created.dev && confirmed.stats.ino === created.ino;
      await confirmed.handle.close();
      if (!same) {
        throw buildFsError(
          'execution_failed',
          'changed_since_preflight',
          `${JSON.stringify(target)} was replaced while it was being created. Nothing was written.`,
          {
            path: target,
          },
        );
      }
      try {
        await handle.writeFile(bytes);
      } catch (error) {
        // A part written (a full disk) is no file anyone asked for: remove it, if it is still ours.
        const current = await lstat(parent.entry(name)).catch(() => undefined);
        const removed =
          current?.dev === created.dev &&
          current.ino === created.ino &&
          (await unlink(parent.entry(name)).then(
            () => true,
            () => false,
          ));
        throw buildWriteFailure(
          error,
          target,
          removed
            ? 'The partly written file was removed: nothing was created.'
            : 'A partly written file may be left at that path.',
        );
      }
      return await handle.stat();
    } finally {
      await handle.close();
    }
  });
}
