import { realpathSync } from 'node:fs';
import path from 'node:path';
import { ToolConfigurationError, type Workspace } from '../../index.js';
import { getErrnoCode } from '../../kernel/index.js';

const WHERE = 'shellTools({ sandbox: { readable } })';

/**
 * Checks the host's `readable` paths at start-up and resolves each to its real path (where the
 * sandbox binds it read-only): absolute, existing, not `/` itself (that would be the whole host).
 * Throws `ToolConfigurationError` naming the path and how to fix it. Duplicates collapse.
 */
export function resolveReadablePaths(readable: readonly string[]): readonly string[] {
  const resolved = readable.map((entry) => {
    if (entry === '' || entry.includes('\0') || !path.isAbsolute(entry)) {
      throw new ToolConfigurationError(
        `${WHERE}: ${JSON.stringify(entry)} is not an absolute path. Give the full path, for example "/opt/toolchain".`,
      );
    }
    let real: string;
    try {
      real = realpathSync.native(entry);
    } catch (error) {
      const code = getErrnoCode(error) ?? 'an error';
      throw new ToolConfigurationError(
        `${WHERE}: ${JSON.stringify(entry)} cannot be resolved (${code}): it must exist when shellTools() starts. Create it or remove it from the list.`,
      );
    }
    if (real === '/') {
      throw new ToolConfigurationError(
        `${WHERE}: ${JSON.stringify(entry)} is the whole filesystem. Name the directories sandboxed commands need instead.`,
      );
    }
    return real;
  });
  return Object.freeze([...new Set(resolved)]);
}

/**
 * Refuses a `readable` path inside a workspace root (the root's mode already says what commands
 * may do there: read-only inside a read-write root would be a second, conflicting answer).
 */
export function assertReadableOutsideRoots(readable: readonly string[], workspace: Workspace): void {
  for (const entry of readable) {
    const root = workspace.rootOf(entry);
    if (root !== undefined) {
      throw new ToolConfigurationError(
        `${WHERE}: ${JSON.stringify(entry)} is inside the workspace root ${root.path}, which sandboxed commands already see (${root.mode}). Remove it from the list.`,
      );
    }
  }
}
