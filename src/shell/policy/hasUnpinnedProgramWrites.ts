import { lstat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isPathInside } from '../../kernel/index.js';

async function isMissing(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return false;
  } catch {
    return true;
  }
}

/**
 * Without the sandbox a program's write target is checked by its path now, and opened by the
 * program later through whatever that path is then. When the same command line also writes
 * that path or one of its directories (creates, links, moves or removes it: `ln -s ~/.ssh d &&
 * cp key d/authorized_keys`), or the target's directory does not exist yet, the command itself
 * decides what the program opens, and the check cannot vouch for it. `programTargets` and
 * `otherTargets` (redirections) are canonical paths.
 */
export async function hasUnpinnedProgramWrites(
  programTargets: readonly string[],
  otherTargets: readonly string[],
): Promise<boolean> {
  const all = [...programTargets, ...otherTargets];
  for (const [index, target] of programTargets.entries()) {
    const reshaped = all.some((other, otherIndex) => otherIndex !== index && isPathInside(other, target));
    if (reshaped || (await isMissing(dirname(target)))) return true;
  }
  return false;
}
