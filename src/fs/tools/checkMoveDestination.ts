import { isPathInside } from '../../kernel/index.js';
import { buildFsError } from '../buildFsError.js';
import type { FileSystemEnvironment, ResolvedEntry } from '../FileSystemEnvironment.js';
import type { MoveInput } from './MoveInput.js';
import { assertWritableFile } from './assertWritableFile.js';

/** Preflight rules of a move: distinct ends, not into itself, a parent to land in, no silent replace. */
export async function checkMoveDestination(
  env: FileSystemEnvironment,
  input: MoveInput,
  from: ResolvedEntry,
  to: ResolvedEntry,
  sessionId: string,
): Promise<void> {
  if (from.path === to.path) {
    throw buildFsError(
      'invalid_input',
      'same_path',
      `"from" and "to" name the same entry (${JSON.stringify(from.path)}); nothing to move.`,
      { path: from.path },
    );
  }
  if (from.stats?.isDirectory() === true && isPathInside(from.path, to.path)) {
    throw buildFsError(
      'invalid_input',
      'into_itself',
      `Cannot move the directory ${JSON.stringify(input.from)} into itself (${JSON.stringify(input.to)}).`,
      {
        from: from.path,
        to: to.path,
      },
    );
  }
  if (!to.parentExists) {
    throw buildFsError(
      'invalid_input',
      'parent_missing',
      `The directory of ${JSON.stringify(input.to)} does not exist. Create it with fs_create_directory first.`,
      {
        path: to.path,
      },
    );
  }
  const existing = to.stats;
  if (existing === undefined) return;
  if (input.overwrite !== true) {
    throw buildFsError(
      'invalid_input',
      'exists',
      `${JSON.stringify(input.to)} already exists. Pass overwrite: true to replace it (read it first), or choose another path.`,
      {
        path: to.path,
      },
    );
  }
  if (existing.isDirectory() || from.stats?.isDirectory() === true) {
    throw buildFsError(
      'invalid_input',
      'is_a_directory',
      `Cannot replace ${JSON.stringify(input.to)} by a move: directories are never replaced and never replace files. Delete it first if that is intended.`,
      { path: to.path },
    );
  }
  if (existing.isFile()) {
    assertWritableFile(existing, input.to, to.path);
    await env.assertReadBeforeWrite(sessionId, to.path, input.to, existing);
  }
}
