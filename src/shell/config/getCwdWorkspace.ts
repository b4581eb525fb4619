import path from 'node:path';
import { ToolConfigurationError, Workspace } from '../../index.js';

/**
 * The workspace of a shell module that has no roots while the container's `WORKSPACE` has none
 * either: the configured `cwd` as its one read-write root (realpath'ed now; it must exist), or,
 * without a `cwd`, the empty workspace (every call is refused, `no_roots`).
 */
export function getCwdWorkspace(cwd: string | undefined, empty: Workspace): Workspace {
  if (cwd === undefined) return empty;
  if (!path.isAbsolute(cwd)) {
    throw new ToolConfigurationError(
      `shellTools({ cwd: ${JSON.stringify(cwd)} }) is relative, but no roots are configured to resolve it against. ` +
        'Give an absolute cwd (it then becomes the workspace root), or roots to shellTools or agentkitModule.',
    );
  }
  try {
    return Workspace.create([{ path: cwd }]);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new ToolConfigurationError(
      `shellTools({ cwd }) is the workspace root when no roots are configured, and it is not usable: ${detail}`,
      { cause: error },
    );
  }
}
