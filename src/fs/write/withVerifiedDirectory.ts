import type { Workspace } from '../../index.js';
import { buildFsError } from '../buildFsError.js';
import { ConfirmedDirectory } from '../paths/ConfirmedDirectory.js';

/**
 * The re-check right before a change: opens `directory` (canonical, from the preflight) as a
 * confirmed handle, which must still be that very directory (no component swapped for a link
 * since) and inside a root, and runs `change` with it; every entry is then reached through the
 * handle (`dir.entry(name)`). The handle is closed afterwards.
 * @throws ToolError `execution_failed` (`changed_since_preflight`) when the directory moved,
 *   vanished or was replaced.
 */
export async function withVerifiedDirectory<T>(
  workspace: Workspace,
  directory: string,
  change: (dir: ConfirmedDirectory) => Promise<T> | T,
): Promise<T> {
  const dir = workspace.isInsideRoots(directory) ? ConfirmedDirectory.open(directory) : undefined;
  if (dir === undefined) {
    throw buildFsError(
      'execution_failed',
      'changed_since_preflight',
      `The directory ${JSON.stringify(directory)} was removed or replaced after the call was checked. Nothing was changed; check the path and try again.`,
      { path: directory },
    );
  }
  try {
    return await change(dir);
  } finally {
    dir.close();
  }
}
