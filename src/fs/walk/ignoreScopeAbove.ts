import { lstatSync } from 'node:fs';
import path from 'node:path';
import { getPathInside } from '../../kernel/index.js';
import { ConfirmedDirectory } from '../paths/ConfirmedDirectory.js';
import { enterIgnoreScope, IGNORE_FILE, REPOSITORY_DIRECTORY } from './enterIgnoreScope.js';
import { getEntryKind } from './getEntryKind.js';
import { IgnoreScope } from './IgnoreScope.js';
import type { EntryKind } from './WalkEntry.js';
import type { WalkIgnore } from './WalkIgnore.js';

function kindOf(directory: ConfirmedDirectory, name: string): EntryKind | undefined {
  try {
    return getEntryKind(lstatSync(directory.entry(name)));
  } catch {
    return undefined;
  }
}

export interface ScopeAbove {
  readonly scope: IgnoreScope;
  readonly unreadIgnoreFiles: number;
}

/**
 * The `.gitignore` rules in force at the canonical directory `base` from the directories above
 * it, down from the deepest root that contains it (nothing above a root is read): each
 * directory opened through its parent's confirmed handle, as a walk would. The base's own
 * `.gitignore` is the walk's to read. Stops (with what it has) where a directory cannot be opened.
 */
export function ignoreScopeAbove(roots: readonly string[], base: string, mayRead: WalkIgnore['mayRead']): ScopeAbove {
  // The deepest root strictly above `base` (the base's own `.gitignore` is the walk's to read).
  const root = roots
    .filter((candidate) => (getPathInside(candidate, base) ?? '') !== '')
    .sort((a, b) => b.length - a.length)[0];
  const below = root === undefined ? undefined : getPathInside(root, base);
  if (root === undefined || below === undefined) return { scope: IgnoreScope.EMPTY, unreadIgnoreFiles: 0 };
  const names = below.split(path.sep);
  let scope = IgnoreScope.EMPTY;
  let unreadIgnoreFiles = 0;
  let directory = ConfirmedDirectory.open(root);
  const ignore: WalkIgnore = { scope, mayRead };
  try {
    for (const name of names) {
      if (directory === undefined) break;
      const isTop = kindOf(directory, REPOSITORY_DIRECTORY) !== undefined;
      const entered = enterIgnoreScope(scope, directory, isTop, kindOf(directory, IGNORE_FILE), ignore);
      scope = entered.scope;
      if (entered.unread) unreadIgnoreFiles++;
      const child = directory.openChild(name);
      directory.close();
      directory = child;
    }
  } finally {
    directory?.close();
  }
  return { scope, unreadIgnoreFiles };
}
