import { createRequire } from 'node:module';
import type { Parser } from 'web-tree-sitter';
import { locateBashGrammar } from './locateBashGrammar.js';

const require = createRequire(import.meta.url);

let loading: Promise<Parser> | undefined;

async function loadBashParser(): Promise<Parser> {
  // Imported here, when the first command comes: a host that never runs one never loads it.
  const { Language, Parser } = await import('web-tree-sitter');
  await Parser.init({
    locateFile: () => require.resolve('web-tree-sitter/web-tree-sitter.wasm'),
  });
  const bash = await Language.load(locateBashGrammar());
  const parser = new Parser();
  parser.setLanguage(bash);
  return parser;
}

/**
 * The bash parser (tree-sitter-bash on web-tree-sitter), loaded once from WASM files: web-tree-sitter's
 * own and the grammar this package ships (see {@link locateBashGrammar}): no network, no native build. Loaded when the
 * first command is parsed (web-tree-sitter itself included), so a host that never runs one pays nothing for it. A
 * failed load is retried on the next call.
 */
export function getBashParser(): Promise<Parser> {
  loading ??= loadBashParser().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
