import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the grammar sits in the package: copied from the tree-sitter-bash devDependency (`npm run grammar:update`). */
export const BASH_GRAMMAR_FILE = 'assets/tree-sitter-bash.wasm';

/**
 * The path of tree-sitter-bash's WASM grammar, the one file of that package the parser loads: the
 * package ships it in `assets/` (with its MIT licence) instead of depending on tree-sitter-bash,
 * whose native prebuilds and C sources a user would download and never load. Found by walking up
 * from this module, so it resolves from `src/`, `dist/` and any compiled copy of either.
 */
export function locateBashGrammar(from: string = import.meta.url): string {
  const start = path.dirname(fileURLToPath(from));
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, BASH_GRAMMAR_FILE);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`The bash grammar ${BASH_GRAMMAR_FILE} is missing from the package above ${start}: reinstall agentkit-tools-core.`);
  }
}
