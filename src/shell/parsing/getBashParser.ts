import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';
import { locateBashGrammar } from './locateBashGrammar.js';

const require = createRequire(import.meta.url);

let loading: Promise<Parser> | undefined;

async function loadBashParser(): Promise<Parser> {
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
 * own and the grammar this package ships (see {@link locateBashGrammar}): no network, no native build. A failed load is retried on the next call.
 */
export function getBashParser(): Promise<Parser> {
  loading ??= loadBashParser().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
