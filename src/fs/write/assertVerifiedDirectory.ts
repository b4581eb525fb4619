import { realpath, stat } from 'node:fs/promises';
import type { Workspace } from '../../index.js';
import { buildFsError } from '../buildFsError.js';

/**
 * The re-check right before a write: `directory` still realpaths to itself (no component was
 * swapped for a link since preflight), is inside a root and is a directory.
 */
export async function assertVerifiedDirectory(workspace: Workspace, directory: string): Promise<void> {
  let real: string;
  try {
    real = await realpath(directory);
  } catch (error) {
    throw buildFsError('execution_failed', 'changed_since_preflight', `The directory ${JSON.stringify(directory)} disappeared after the call was checked. Nothing was written; check the path and try again.`, { path: directory }, error);
  }
  if (real !== directory || !workspace.isInsideRoots(real) || !(await stat(real)).isDirectory()) {
    throw buildFsError('execution_failed', 'changed_since_preflight', `The directory ${JSON.stringify(directory)} was replaced (now ${JSON.stringify(real)}) after the call was checked. Nothing was written.`, { path: directory, now: real });
  }
}
