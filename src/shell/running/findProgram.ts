import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

function isExecutableFile(candidate: string): boolean {
  try {
    accessSync(candidate, constants.X_OK);
    return statSync(candidate).isFile();
  } catch {
    return false;
  }
}

/**
 * Whether `execvp` would find `file` (a path when it holds a `/`, else looked up in `PATH`,
 * relative entries against `cwd`). Checked before a sandboxed start, where a missing program
 * would otherwise only show as bubblewrap's exit code 1.
 */
export function findProgram(file: string, searchPath: string | undefined, cwd: string): boolean {
  if (file.includes('/')) return isExecutableFile(path.resolve(cwd, file));
  return (searchPath ?? '/usr/local/bin:/usr/bin:/bin')
    .split(':')
    .some((dir) => isExecutableFile(path.resolve(cwd, dir === '' ? '.' : dir, file)));
}
