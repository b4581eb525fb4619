import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
/** Entries that sit on top of the core and may use only its public root entry (built-in tools, stores, provider adapters, testing helpers). */
const BUILT_INS = ['fs', 'shell', 'mcp', 'stores', 'providers', 'testing'];
const CORE_FORBIDDEN_MODULES = [/^@modelcontextprotocol\/sdk(\/|$)/, /^(node:)?child_process$/];
/** Provider SDKs: devDependencies whose types the tests check the adapters against; nothing in src/ may import them. */
const PROVIDER_SDKS = [/^openai(\/|$)/, /^@anthropic-ai\/sdk(\/|$)/, /^@google\/genai(\/|$)/];

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every module specifier a file imports or re-exports, read by the TypeScript scanner. */
function getImports(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((imported) => imported.fileName);
}

function getTopFolder(file: string): string {
  return relative(SRC, file).split(/[\\/]/)[0] ?? '';
}

/** Composition roots (the package bin): they may use the public entries of the core and built-ins. */
const COMPOSITION_ROOTS = ['bin'];

const files = listFiles(SRC);
const coreFiles = files.filter((file) => !BUILT_INS.includes(getTopFolder(file)) && !COMPOSITION_ROOTS.includes(getTopFolder(file)));

describe('import graph', () => {
  it('reads the source tree', () => {
    expect(coreFiles.length).toBeGreaterThan(50);
    expect(coreFiles.some((file) => file.endsWith(join('executor', 'BasicToolExecutor.ts')))).toBe(true);
  });

  it('keeps the core free of @modelcontextprotocol/sdk and child_process', () => {
    const offenders = coreFiles.flatMap((file) =>
      getImports(file)
        .filter((specifier) => CORE_FORBIDDEN_MODULES.some((pattern) => pattern.test(specifier)))
        .map((specifier) => `${relative(SRC, file)} imports ${specifier}`),
    );
    expect(offenders).toStrictEqual([]);
  });

  it('keeps the core from importing any built-in', () => {
    const offenders = coreFiles.flatMap((file) =>
      getImports(file)
        .filter((specifier) => specifier.startsWith('.'))
        .filter((specifier) => BUILT_INS.includes(getTopFolder(resolve(dirname(file), specifier))))
        .map((specifier) => `${relative(SRC, file)} imports ${specifier}`),
    );
    expect(offenders).toStrictEqual([]);
  });

  it('keeps built-ins from importing each other or the core internals', () => {
    const offenders = files
      .filter((file) => BUILT_INS.includes(getTopFolder(file)))
      .flatMap((file) =>
        getImports(file)
          .filter((specifier) => specifier.startsWith('.'))
          .filter((specifier) => {
            const target = resolve(dirname(file), specifier);
            const folder = getTopFolder(target);
            const isPublicRoot = target === join(SRC, 'index.js') || target === join(SRC, 'index.ts');
            return folder !== getTopFolder(file) && !isPublicRoot;
          })
          .map((specifier) => `${relative(SRC, file)} imports ${specifier}`),
      );
    expect(offenders).toStrictEqual([]);
  });

  it('keeps the stores entry to Node built-ins and the core root entry (no third-party code holds approvals)', () => {
    const offenders = files
      .filter((file) => getTopFolder(file) === 'stores')
      .flatMap((file) =>
        getImports(file)
          .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:'))
          .map((specifier) => `${relative(SRC, file)} imports ${specifier}`),
      );
    expect(files.some((file) => getTopFolder(file) === 'stores')).toBe(true);
    expect(offenders).toStrictEqual([]);
  });

  it('lets composition roots use only the public entries of the core and the built-ins', () => {
    const entries = new Set([join(SRC, 'index.js'), ...BUILT_INS.map((folder) => join(SRC, folder, 'index.js'))]);
    const offenders = files
      .filter((file) => COMPOSITION_ROOTS.includes(getTopFolder(file)))
      .flatMap((file) =>
        getImports(file)
          .filter((specifier) => specifier.startsWith('.'))
          .filter((specifier) => getTopFolder(resolve(dirname(file), specifier)) !== getTopFolder(file))
          .filter((specifier) => !entries.has(resolve(dirname(file), specifier)))
          .map((specifier) => `${relative(SRC, file)} imports ${specifier}`),
      );
    expect(offenders).toStrictEqual([]);
  });

  it('keeps the provider SDKs out of src/ (they are devDependencies, for type checks only)', () => {
    const offenders = files.flatMap((file) =>
      getImports(file)
        .filter((specifier) => PROVIDER_SDKS.some((pattern) => pattern.test(specifier)))
        .map((specifier) => `${relative(SRC, file)} imports ${specifier}`),
    );
    expect(offenders).toStrictEqual([]);
  });

  it('detects a forbidden import when one is present', () => {
    const sample = "import { spawn } from 'node:child_process';\nexport * from '@modelcontextprotocol/sdk/client/index.js';";
    const found = ts.preProcessFile(sample, true, true).importedFiles.map((imported) => imported.fileName);
    expect(found.filter((specifier) => CORE_FORBIDDEN_MODULES.some((pattern) => pattern.test(specifier)))).toStrictEqual([
      'node:child_process',
      '@modelcontextprotocol/sdk/client/index.js',
    ]);
  });
});
