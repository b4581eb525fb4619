import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = join(ROOT, 'src');
/** issue 17 item 5: the root entry holds at most this many names. */
const MAX_ROOT_NAMES = 110;

interface Manifest {
  readonly exports: Readonly<Record<string, { readonly types: string } | string>>;
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
/** Every public entry's source: './fs' -> src/fs/index.ts, '.' -> src/index.ts. */
// Code entries only (the exports map also serves data files such as the policy schema).
const publicEntries = Object.values(manifest.exports)
  .filter((target): target is { readonly types: string } => typeof target === 'object' && 'types' in target)
  .map((target) => join(SRC, target.types.replace(/^\.\/dist\//, '').replace(/\.d\.ts$/, '.ts')));
const rootEntry = join(SRC, 'index.ts');
const internalEntry = join(SRC, 'internal', 'index.ts');

const program = ts.createProgram([...publicEntries, internalEntry], {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  experimentalDecorators: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
});
const checker = program.getTypeChecker();

interface ExportedName {
  readonly name: string;
  /** The declaring symbol behind any re-export aliases. */
  readonly target: ts.Symbol;
}

function listExports(entry: string): ExportedName[] {
  const source = program.getSourceFile(entry);
  if (source === undefined) throw new Error(`${entry} is not in the program`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (moduleSymbol === undefined) throw new Error(`${entry} is not a module`);
  return checker.getExportsOfModule(moduleSymbol).map((symbol) => ({
    name: symbol.name,
    target: symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol,
  }));
}

/**
 * Whether a declaration of the symbol carries `@internal` in its TSDoc (what `stripInternal` removes
 * from the types).
 */
function isInternal(symbol: ts.Symbol): boolean {
  return (symbol.declarations ?? []).some((declaration) =>
    ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === 'internal'),
  );
}

const rootNames = listExports(rootEntry);
const internalNames = listExports(internalEntry);

describe('public surface', () => {
  it('keeps the internal entry out of the package exports', () => {
    expect(Object.keys(manifest.exports)).not.toContain('./internal');
    expect(JSON.stringify(manifest.exports)).not.toContain('internal');
  });

  it(`keeps the root entry to at most ${String(MAX_ROOT_NAMES)} names`, () => {
    expect(rootNames.length).toBeGreaterThan(50);
    expect(rootNames.length).toBeLessThanOrEqual(MAX_ROOT_NAMES);
  });

  it('exports each name from the root or from the internal entry, never both', () => {
    const root = new Set(rootNames.map((exported) => exported.name));
    expect(internalNames.map((exported) => exported.name).filter((name) => root.has(name))).toStrictEqual([]);
  });

  it('marks every name of the internal entry @internal', () => {
    const unmarked = internalNames.filter((exported) => !isInternal(exported.target)).map((exported) => exported.name);
    expect(internalNames.length).toBeGreaterThan(10);
    expect(unmarked).toStrictEqual([]);
  });

  it('exports nothing @internal from a public entry (the build strips those declarations from the types)', () => {
    const leaked = publicEntries.flatMap((entry) =>
      listExports(entry)
        .filter((exported) => isInternal(exported.target))
        .map((exported) => `${entry.slice(SRC.length + 1)}: ${exported.name}`),
    );
    expect(leaked).toStrictEqual([]);
  });

  it('documents every member of every API report and forgets no export (etc/api, kept current by npm run api:check)', () => {
    const reports = readdirSync(join(ROOT, 'etc/api')).filter((name) => name.endsWith('.api.md'));
    const problems = reports.flatMap((name) =>
      readFileSync(join(ROOT, 'etc/api', name), 'utf8')
        .split('\n')
        .filter((line) => line.includes('(undocumented)') || line.includes('ae-forgotten-export'))
        .map((line) => `${name}: ${line.trim()}`),
    );
    expect(reports.length).toBe(publicEntries.length);
    expect(problems).toStrictEqual([]);
  });

  it('detects an @internal declaration', () => {
    const assertKnownKeys = internalNames.find((exported) => exported.name === 'assertKnownKeys');
    const toolError = rootNames.find((exported) => exported.name === 'ToolError');
    expect(assertKnownKeys !== undefined && isInternal(assertKnownKeys.target)).toBe(true);
    expect(toolError !== undefined && isInternal(toolError.target)).toBe(false);
  });
});
