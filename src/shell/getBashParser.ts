import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';

const require = createRequire(import.meta.url);

let loading: Promise<Parser> | undefined;

async function loadBashParser(): Promise<Parser> {
  await Parser.init({
    locateFile: () => require.resolve('web-tree-sitter/web-tree-sitter.wasm'),
  });
  const bash = await Language.load(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'));
  const parser = new Parser();
  parser.setLanguage(bash);
  return parser;
}

/**
 * The bash parser (tree-sitter-bash on web-tree-sitter), loaded once from the WASM files the
 * npm packages ship: no network, no native build. A failed load is retried on the next call.
 */
export function getBashParser(): Promise<Parser> {
  loading ??= loadBashParser().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
