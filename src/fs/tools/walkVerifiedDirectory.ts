import type { FileSystemEnvironment } from '../FileSystemEnvironment.js';
import { buildFsError } from '../buildFsError.js';
import { walkTree, type WalkOptions, type WalkResult } from '../walk/walkTree.js';

/**
 * A walk from a directory a preflight resolved: first the workspace's open-time re-check (a
 * real directory, inside a root, right now), then the walk itself, which holds the directory
 * open and confirms it before reading anything.
 */
export async function walkVerifiedDirectory(env: FileSystemEnvironment, canonicalPath: string, input: string, options: WalkOptions): Promise<WalkResult> {
  const opened = await env.workspace.openVerified(canonicalPath, { allowDirectory: true });
  const isDirectory = opened.stats.isDirectory();
  await opened.handle.close();
  if (!isDirectory) {
    throw buildFsError('execution_failed', 'not_a_directory', `${JSON.stringify(input)} is a file, not a directory. Use fs_read_file to read it.`, { path: canonicalPath });
  }
  const walk = await walkTree(canonicalPath, options);
  if (walk === undefined) {
    throw buildFsError('execution_failed', 'changed_since_preflight', `The directory ${JSON.stringify(input)} was replaced or removed while it was being opened. Nothing was read; try again.`, { path: canonicalPath });
  }
  return walk;
}
