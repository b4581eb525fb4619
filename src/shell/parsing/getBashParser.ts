import { pathToFileURL } from 'node:url';
import type * as TreeSitter from 'web-tree-sitter';
import type { Parser } from 'web-tree-sitter';
import { locatePackageFile } from '../../internal/index.js';
import { locateBashGrammar } from './locateBashGrammar.js';

/**
 * web-tree-sitter's ES module build and its WASM, shipped in `assets/` (with its MIT licence) and
 * copied from the web-tree-sitter devDependency by `npm run grammar:update`: the package holds
 * 4.6 MB of other builds, debug copies and source maps a user would download and never load.
 */
export const TREE_SITTER_FILES = { module: 'assets/web-tree-sitter.js', wasm: 'assets/web-tree-sitter.wasm' } as const;

let loading: Promise<Parser> | undefined;

async function loadBashParser(): Promise<Parser> {
  // Imported here, when the first command comes: a host that never runs one never loads it.
  const runtime = pathToFileURL(locatePackageFile(TREE_SITTER_FILES.module, import.meta.url)).href;
  const { Language, Parser: ParserClass } = (await import(runtime)) as typeof TreeSitter;
  const wasm = locatePackageFile(TREE_SITTER_FILES.wasm, import.meta.url);
  await ParserClass.init({ locateFile: () => wasm });
  const bash = await Language.load(locateBashGrammar());
  const parser = new ParserClass();
  parser.setLanguage(bash);
  return parser;
}

/**
 * The bash parser (tree-sitter-bash on web-tree-sitter), loaded once from the files this package
 * ships (see {@link TREE_SITTER_FILES} and {@link locateBashGrammar}): no network, no native build.
 * Loaded when the first command is parsed, so a host that never runs one pays nothing for it. A
 * failed load is retried on the next call.
 */
export function getBashParser(): Promise<Parser> {
  loading ??= loadBashParser().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
