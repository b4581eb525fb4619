import type { FileSystemEnvironment } from '../FileSystemEnvironment.js';
import { buildFsError } from '../buildFsError.js';

/** The open-time re-check of a directory a walk starts from: a real directory inside a root. */
export async function openVerifiedDirectory(env: FileSystemEnvironment, canonicalPath: string, input: string): Promise<void> {
  const opened = await env.workspace.openVerified(canonicalPath, { allowDirectory: true });
  const isDirectory = opened.stats.isDirectory();
  await opened.handle.close();
  if (!isDirectory) {
    throw buildFsError('execution_failed', 'not_a_directory', `${JSON.stringify(input)} is a file, not a directory. Use fs_read_file to read it.`, { path: canonicalPath });
  }
}
