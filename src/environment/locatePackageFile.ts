import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The path of `relative` (`assets/tree-sitter-bash.wasm`, `package.json`) in this package, found by
 * walking up from the module at `from`: the same answer from `src/`, `dist/` and any compiled copy
 * of either, installed or not. Throws when no directory above holds it (a broken install).
 * @internal
 */
export function locatePackageFile(relative: string, from: string): string {
  const start = path.dirname(fileURLToPath(from));
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, relative);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir)
      throw new Error(`${relative} is missing from the package above ${start}: reinstall agentkit-tools-core.`);
  }
}
