import { isPathInside } from '../kernel/index.js';
import type { WorkspaceRoot } from './WorkspaceRoot.js';

/**
 * The root whose spelling lexically contains `candidate`; with nested roots, the most specific
 * (longest) one, so a `read_only` root inside a `read_write` root keeps its mode.
 */
export function findContainingRoot(
  spellings: readonly (readonly [spelling: string, root: WorkspaceRoot])[],
  candidate: string,
): WorkspaceRoot | undefined {
  let best: readonly [string, WorkspaceRoot] | undefined;
  for (const entry of spellings) {
    if (isPathInside(entry[0], candidate) && (best === undefined || entry[0].length > best[0].length)) {
      best = entry;
    }
  }
  return best?.[1];
}
