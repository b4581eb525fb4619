import type { EntryKind } from './WalkEntry.js';

/** What an `lstat` or a `Dirent` says an entry is (a symlink stays a symlink). */
export function getEntryKind(entry: {
  isSymbolicLink(): boolean;
  isDirectory(): boolean;
  isFile(): boolean;
}): EntryKind {
  if (entry.isSymbolicLink()) return 'symlink';
  if (entry.isDirectory()) return 'directory';
  if (entry.isFile()) return 'file';
  return 'other';
}
