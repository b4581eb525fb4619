import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { lstat, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { ToolError, type Workspace } from '../../index.js';
import { getHardLinkRefusal, OPEN_FLAGS } from '../../kernel/index.js';
import { buildFsError } from '../buildFsError.js';
import { buildWriteFailure } from './buildWriteFailure.js';
import { withVerifiedDirectory } from './withVerifiedDirectory.js';

/**
 * Replaces the regular file `target` (whose `fstat` at read time was `original`) with `bytes`:
 * a temp file created exclusively through a confirmed handle of the parent, the original's
 * mode (and owner, where allowed), then `rename` over the target, which never follows a link
 * swapped in. Files with more than one hard link are refused; a target replaced since it was
 * read is refused; the temp file is removed on any failure. Returns the `lstat` of the new file.
 */
export async function replaceFileAtomically(
  workspace: Workspace,
  target: string,
  original: Stats,
  bytes: Uint8Array,
): Promise<Stats> {
  const hardLink = getHardLinkRefusal(original, target, { consequence: 'Nothing was written.' });
  if (hardLink !== undefined) throw new ToolError(hardLink.code, hardLink.message, hardLink.details);
  return withVerifiedDirectory(workspace, path.dirname(target), async (parent) => {
    const name = path.basename(target);
    const entry = parent.entry(name);
    const temp = parent.entry(`.${name.slice(0, 64)}.agentkit-${randomBytes(6).toString('hex')}.tmp`);
    const mode = original.mode & 0o7777;
    let renamed = false;
    try {
      const handle = await open(temp, OPEN_FLAGS.CREATE_NEW, mode);
      try {
        await handle.writeFile(bytes);
        await handle.chmod(mode);
        await handle.chown(original.uid, original.gid).catch(() => undefined);
      } finally {
        await handle.close();
      }
      const current = await lstat(entry);
      if (!current.isFile() || current.dev !== original.dev || current.ino !== original.ino) {
        throw buildFsError(
          'execution_failed',
          'changed_since_preflight',
          `${JSON.stringify(target)} was replaced or linked while it was being written. Nothing was changed; read it again.`,
          { path: target },
        );
      }
      const linked = getHardLinkRefusal(current, target, {
        consequence: 'It was linked while it was being written; nothing was changed.',
      });
      if (linked !== undefined) throw new ToolError(linked.code, linked.message, linked.details);
      await rename(temp, entry);
      renamed = true;
      return await lstat(entry);
    } catch (error) {
      throw buildWriteFailure(error, target, 'The file was left as it was.');
    } finally {
      if (!renamed) await unlink(temp).catch(() => undefined);
    }
  });
}
