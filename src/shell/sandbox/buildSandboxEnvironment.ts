import path from 'node:path';
import { SANDBOX_HOME } from './buildSandboxArgs.js';
import { isPathInside } from '../../kernel/index.js';
import { getSystemView, type SystemView } from './getSystemView.js';

/**
 * Whether the absolute `target` exists at its path inside the view (system directories, the
 * host's Node.js, `readable` paths and the roots; not the host's `/tmp`, which is replaced).
 */
export function isInSandboxView(
  target: string,
  readable: readonly string[],
  roots: readonly string[],
  system: SystemView = getSystemView(),
): boolean {
  const normalized = path.normalize(target);
  return [...system.visible, ...readable, ...roots].some((entry) => isPathInside(entry, normalized));
}

/**
 * What a sandboxed command's environment says differently from the host's: `HOME` is the view's
 * empty private directory, `TMPDIR` (when the host sets one) its private `/tmp`, and `PATH` keeps
 * only the directories that exist in the view (the system directories, the `readable` paths), so
 * a program found on the host's `PATH` is the one that runs, or the call says it is missing.
 */
export function buildSandboxEnvironment(
  env: Readonly<Record<string, string>>,
  readable: readonly string[],
  system: SystemView = getSystemView(),
): Readonly<Record<string, string>> {
  const searchPath = env['PATH']
    ?.split(':')
    .filter((dir) => path.isAbsolute(dir) && isInSandboxView(dir, readable, [], system))
    .join(':');
  return {
    HOME: SANDBOX_HOME,
    ...(env['TMPDIR'] === undefined ? {} : { TMPDIR: '/tmp' }),
    ...(searchPath === undefined ? {} : { PATH: searchPath }),
  };
}
