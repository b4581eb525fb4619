/**
 * Jest transform for the `.ts` sources and tests: swc instead of ts-jest.
 *
 * Why: ts-jest already only transpiled (tsconfig has `isolatedModules`, so no type-check per
 * file; `npm test` runs `tsc --noEmit` over src, test, samples and scripts for that), but it
 * loads the TypeScript compiler in every jest worker and transpiles each file with it. swc
 * does the same per-file transpile natively and much faster.
 *
 * The compiler options come from tsconfig.json through @swc-node/register's own converter,
 * the one `npm start` and `npm run samples` run under, so decorators, decorator metadata
 * (inversify, class-validator) and `useDefineForClassFields: false` behave the same in tests
 * as in the samples. Only what jest decides is overridden: ESM or CommonJS output, no path
 * rewriting (jest.config.ts maps `agentkit-tools-core` itself) and source maps for stack traces.
 *
 * Plain JavaScript because jest loads its transformers without transforming them.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, '../..');
const TSCONFIG = path.join(ROOT, 'tsconfig.json');

/**
 * `source` compiled to JavaScript: ESM or CommonJS, with or without a source map, otherwise with
 * tsconfig's options as @swc-node/register reads them. The compilers are loaded on first use
 * (reading tsconfig loads TypeScript), so that importing this file for {@link ENVIRONMENT} is cheap.
 */
export function compile(source, filename, { esm, sourceMap }) {
  const { readDefaultTsConfig, tsCompilerOptionsToSwcConfig } = require('@swc-node/register/read-default-tsconfig');
  const options = tsCompilerOptionsToSwcConfig(readDefaultTsConfig(TSCONFIG), filename);
  delete options.paths;
  delete options.baseUrl;
  const swcOptions = {
    ...options,
    module: esm ? 'es6' : 'commonjs',
    sourcemap: sourceMap,
    swc: { ...options.swc, sourceRoot: undefined, inputSourceMap: false },
  };
  return require('@swc-node/core').transformSync(source, filename, swcOptions);
}

/** What the output depends on besides the file itself: this file, tsconfig.json, the converter and the compiler versions. */
export const ENVIRONMENT = createHash('sha1')
  .update(readFileSync(import.meta.filename))
  .update(readFileSync(TSCONFIG))
  .update(readFileSync(require.resolve('@swc-node/register/read-default-tsconfig')))
  .update(require('@swc-node/core/package.json').version)
  .update(require('@swc/core/package.json').version)
  .digest('hex');

export default {
  canInstrument: false,
  getCacheKey(source, filename, { supportsStaticESM }) {
    return createHash('sha1')
      .update(ENVIRONMENT)
      .update(filename)
      .update(supportsStaticESM ? 'esm' : 'cjs')
      .update(source)
      .digest('hex');
  },
  process(source, filename, { supportsStaticESM }) {
    const { code, map } = compile(source, filename, { esm: supportsStaticESM === true, sourceMap: true });
    return { code, map };
  },
};
