import type { IgnoreScope } from './IgnoreScope.js';

/** How a walk honours `.gitignore` files and skips `.git`. */
export interface WalkIgnore {
  /** The rules in force at the walk's base, from the directories above it (`ignoreScopeAbove`). */
  readonly scope: IgnoreScope;
  /** Whether the `.gitignore` file at this canonical path may be read (a protected one is not). */
  readonly mayRead: (canonicalPath: string) => boolean;
}
