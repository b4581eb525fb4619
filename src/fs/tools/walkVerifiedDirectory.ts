import type { FileSystemEnvironment } from '../FileSystemEnvironment.js';
import { buildFsError } from '../buildFsError.js';
import { ignoreScopeAbove } from '../walk/ignoreScopeAbove.js';
import type { WalkIgnore } from '../walk/WalkIgnore.js';
import { walkTree, type WalkOptions, type WalkResult } from '../walk/walkTree.js';

/**
 * A walk from a directory a preflight resolved: first the workspace's open-time re-check (a
 * real directory, inside a root, right now), then the walk itself, which holds the directory
 * open and confirms it before reading anything. Unless `includeIgnored`, `.git` and what the
 * `.gitignore` files (the directory's own, those below it, and those above it up to its root)
 * ignore are skipped; a protected `.gitignore` is not read.
 */
export async function walkVerifiedDirectory(
  env: FileSystemEnvironment,
  canonicalPath: string,
  input: string,
  options: Omit<WalkOptions, 'ignore'>,
  includeIgnored: boolean,
): Promise<WalkResult> {
  const opened = await env.workspace.openVerified(canonicalPath, { allowDirectory: true });
  const isDirectory = opened.stats.isDirectory();
  await opened.handle.close();
  if (!isDirectory) {
    throw buildFsError(
      'execution_failed',
      'not_a_directory',
      `${JSON.stringify(input)} is a file, not a directory. Use fs_read_file to read it.`,
      { path: canonicalPath },
    );
  }
  let ignore: WalkIgnore | undefined;
  let unreadAbove = 0;
  if (!includeIgnored) {
    const mayRead = (filePath: string): boolean => !env.isProtected(filePath);
    const above = ignoreScopeAbove(
      env.workspace.roots.map((root) => root.path),
      canonicalPath,
      mayRead,
    );
    ignore = { scope: above.scope, mayRead };
    unreadAbove = above.unreadIgnoreFiles;
  }
  const walk = await walkTree(canonicalPath, ignore === undefined ? options : { ...options, ignore });
  if (walk === undefined) {
    throw buildFsError(
      'execution_failed',
      'changed_since_preflight',
      `The directory ${JSON.stringify(input)} was replaced or removed while it was being opened. Nothing was read; try again.`,
      { path: canonicalPath },
    );
  }
  return { ...walk, unreadIgnoreFiles: walk.unreadIgnoreFiles + unreadAbove };
}
