import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { Workspace } from '../../index.js';

function canonical(dir: string): string {
  try {
    return realpathSync.native(dir);
  } catch {
    return dir;
  }
}

/**
 * `PATH` without the entries a repository or the model could fill: relative ones (`.`, an empty
 * entry, `node_modules/.bin`, looked up from the command's working directory) and those inside a
 * workspace root (a host started by `npm run` has `<root>/node_modules/.bin` first). Otherwise a
 * program planted there would run in place of the one an allow rule names: `git status` would
 * start `<root>/node_modules/.bin/git`. Applied to every command, whoever set `PATH`.
 */
export function filterSearchPath(searchPath: string, workspace: Workspace): string {
  return searchPath
    .split(':')
    .filter((dir) => path.isAbsolute(dir) && workspace.rootOf(canonical(path.normalize(dir))) === undefined)
    .join(':');
}
