import type { ConfirmedDirectory } from '../paths/ConfirmedDirectory.js';
import type { IgnoreScope } from './IgnoreScope.js';
import { isWithinMatchingBudget, parseGitIgnore } from './parseGitIgnore.js';
import { readRegularFileSync } from './readRegularFileSync.js';
import type { EntryKind } from './WalkEntry.js';
import type { WalkIgnore } from './WalkIgnore.js';

/** `.gitignore` files larger than this are not read. */
export const MAX_IGNORE_FILE_BYTES = 256 * 1024;

export const IGNORE_FILE = '.gitignore';
export const REPOSITORY_DIRECTORY = '.git';

export interface EnteredScope {
  readonly scope: IgnoreScope;
  /** A `.gitignore` was there but was not read (a symlink, a hard link, protected, too large, too costly to match, unreadable). */
  readonly unread: boolean;
}

/**
 * The scope of `directory` (held open) below `parent`: its `.gitignore` read the way a walker
 * reads any file (through the directory's confirmed handle, never following a link, never a
 * file with more than one hard link, bounded); a directory holding `.git` starts a repository
 * of its own, where the rules above do not apply. A `.gitignore` that is not a regular file
 * of its own is not read and adds nothing (git does not follow a symlinked one either).
 */
export function enterIgnoreScope(
  parent: IgnoreScope,
  directory: ConfirmedDirectory,
  isRepositoryTop: boolean,
  ignoreFile: EntryKind | undefined,
  ignore: WalkIgnore,
): EnteredScope {
  if (ignoreFile === undefined) return { scope: parent.enter(directory.path, [], isRepositoryTop), unread: false };
  const filePath = `${directory.path === '/' ? '' : directory.path}/${IGNORE_FILE}`;
  const bytes =
    ignoreFile === 'file' && ignore.mayRead(filePath)
      ? readRegularFileSync(directory.entry(IGNORE_FILE), MAX_IGNORE_FILE_BYTES)
      : undefined;
  if (!Buffer.isBuffer(bytes)) return { scope: parent.enter(directory.path, [], isRepositoryTop), unread: true };
  const text = bytes.toString('utf8');
  if (!isWithinMatchingBudget(text)) return { scope: parent.enter(directory.path, [], isRepositoryTop), unread: true };
  return { scope: parent.enter(directory.path, parseGitIgnore(text), isRepositoryTop), unread: false };
}
