import { locatePackageFile } from '../../internal/index.js';

/** Where the grammar sits in the package: copied from the tree-sitter-bash devDependency (`npm run grammar:update`). */
export const BASH_GRAMMAR_FILE = 'assets/tree-sitter-bash.wasm';

/**
 * The path of tree-sitter-bash's WASM grammar, the one file of that package the parser loads: the
 * package ships it in `assets/` (with its MIT licence) instead of depending on tree-sitter-bash,
 * whose native prebuilds and C sources a user would download and never load.
 */
export function locateBashGrammar(from: string = import.meta.url): string {
  return locatePackageFile(BASH_GRAMMAR_FILE, from);
}
