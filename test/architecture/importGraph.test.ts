import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
/**
 * Entries that sit on top of the core and may use only its public root entry, the internal entry and
 * the kernel entry (built-in tools, stores, provider adapters, testing helpers).
 */
const BUILT_INS = ['fs', 'shell', 'mcp', 'code', 'stores', 'redis', 'postgres', 'providers', 'testing'];
/** The internal security kernel: below everything, reached only through its entry. */
const KERNEL = 'kernel';
const KERNEL_ENTRY = join(SRC, KERNEL, 'index.js');
const PUBLIC_ROOT_ENTRY = join(SRC, 'index.js');
/**
 * What the built-ins share with the core but users need not see: not in the package exports, every
 * name `@internal`.
 */
const INTERNAL = 'internal';
const INTERNAL_ENTRY = join(SRC, INTERNAL, 'index.js');
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

/** Whether the text before an export ends with a JSDoc block that carries `@internal`. */
function isMarkedInternal(before: string): boolean {
  const trimmed = before.trimEnd();
  return trimmed.endsWith('*/') && trimmed.slice(trimmed.lastIndexOf('/**')).includes('@internal');
}

/**
 * The core folders from bottom to top. A file may import from its own folder and from folders on
 * lower levels; an import that runs to a higher level (or across one level) fails, unless
 * SAME_LEVEL_IMPORTS lists the pair with its reason. A new core folder must be placed here.
 */
const LAYERS: readonly (readonly string[])[] = [
  /** The internal security kernel (Node built-ins only; see the kernel tests below). */
  [KERNEL],
  /** Plain data and its normalization, and the error type every layer throws. */
  ['types', 'values', 'errors'],
  /** Anything a model can invoke, resources, prompts (architecture.md: the seed's lower layer). */
  ['capabilities'],
  /** What a tool is called and how it is described. */
  ['spec'],
  /** Class metadata: the only code that touches Reflect. */
  ['metadata'],
  /** DTO class -> JSON Schema, ajv, input limits. */
  ['schema'],
  /** Policies and the host resources tools work on. */
  ['permissions', 'workspace', 'environment'],
  /** Interruptions (approvals, auth) name the permission requests they stop for. */
  ['interrupt'],
  /** The contract between tools and the executor: Tool, ToolRequest, ToolContext, ToolExecutionScope, outcomes. */
  ['contract'],
  /** Users of the contract that neither register nor run tools. */
  ['decorators', 'rendering'],
  /** Reads calls, outcomes and permission checks to trace them (OpenTelemetry, when installed). */
  ['registry', 'tracing'],
  ['executor'],
  /** Composition: binds everything in a container. */
  ['di'],
  /** The internal entry: re-exports for the built-ins; nothing in the core imports it. */
  [INTERNAL],
];
/** Imports allowed between two folders on one level, keyed `from -> to`, with the reason. */
const SAME_LEVEL_IMPORTS: Readonly<Record<string, string>> = {
  'errors -> values': "a ToolError's details are JSON values",
  'values -> errors': 'normalizing a tool return reports a value that is not JSON as a ToolError',
};

function getLevel(folder: string): number | undefined {
  const level = LAYERS.findIndex((folders) => folders.includes(folder));
  return level === -1 ? undefined : level;
}

/** Why an import from folder `from` to folder `to` breaks the folder order, or undefined when it keeps it. */
function getLayerViolation(from: string, to: string): string | undefined {
  if (from === to) return undefined;
  const fromLevel = getLevel(from);
  const toLevel = getLevel(to);
  if (fromLevel === undefined || toLevel === undefined)
    return `${fromLevel === undefined ? from : to} is not in LAYERS`;
  if (toLevel < fromLevel) return undefined;
  if (toLevel === fromLevel && `${from} -> ${to}` in SAME_LEVEL_IMPORTS) return undefined;
  return `${from} (level ${fromLevel}) may not import ${to} (level ${toLevel}): move what both need to a lower level`;
}

const files = listFiles(SRC);
const coreFiles = files.filter(
  (file) => !BUILT_INS.includes(getTopFolder(file)) && !COMPOSITION_ROOTS.includes(getTopFolder(file)),
);

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

  it('keeps built-ins from importing each other or the core internals (only the public root entry, the internal entry and the kernel entry)', () => {
    const offenders = files
      .filter((file) => BUILT_INS.includes(getTopFolder(file)))
      .flatMap((file) =>
        getImports(file)
          .filter((specifier) => specifier.startsWith('.'))
          .filter((specifier) => {
            const target = resolve(dirname(file), specifier);
            return (
              getTopFolder(target) !== getTopFolder(file) &&
              target !== PUBLIC_ROOT_ENTRY &&
              target !== INTERNAL_ENTRY &&
              target !== KERNEL_ENTRY
            );
          })
          .map((specifier) => `${relative(SRC, file)} imports ${specifier}`),
      );
    expect(offenders).toStrictEqual([]);
  });

  it('lets the core reach the kernel only through its entry', () => {
    const offenders = coreFiles
      .filter((file) => getTopFolder(file) !== KERNEL)
      .flatMap((file) =>
        getImports(file)
          .filter((specifier) => specifier.startsWith('.'))
          .filter((specifier) => {
            const target = resolve(dirname(file), specifier);
            return getTopFolder(target) === KERNEL && target !== KERNEL_ENTRY;
          })
          .map((specifier) => `${relative(SRC, file)} imports ${specifier}`),
      );
    expect(offenders).toStrictEqual([]);
  });

  it('keeps the kernel at the bottom: Node built-ins and its own files only', () => {
    const kernelFiles = files.filter((file) => getTopFolder(file) === KERNEL);
    const offenders = kernelFiles.flatMap((file) =>
      getImports(file)
        .filter((specifier) =>
          specifier.startsWith('.')
            ? getTopFolder(resolve(dirname(file), specifier)) !== KERNEL
            : !specifier.startsWith('node:'),
        )
        .map((specifier) => `${relative(SRC, file)} imports ${specifier}`),
    );
    expect(kernelFiles.some((file) => file === join(SRC, KERNEL, 'index.ts'))).toBe(true);
    expect(offenders).toStrictEqual([]);
  });

  it('keeps the kernel entry out of the package exports and marks every export @internal', () => {
    const manifest = JSON.parse(readFileSync(join(SRC, '../package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    expect(JSON.stringify(manifest.exports)).not.toContain(KERNEL);
    const entry = readFileSync(join(SRC, KERNEL, 'index.ts'), 'utf8');
    const exported = [...entry.matchAll(/from '\.\/([^']+)\.js'/g)].map((match) =>
      join(SRC, KERNEL, `${match[1] ?? ''}.ts`),
    );
    const unmarked = [...new Set(exported)].flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(/^export (?:const|function|class|type|interface) (\w+)/gm)]
        .filter((match) => !isMarkedInternal(text.slice(0, match.index)))
        .map((match) => `${relative(SRC, file)}: ${match[1] ?? ''}`);
    });
    expect(exported.length).toBeGreaterThan(0);
    expect(unmarked).toStrictEqual([]);
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

  it('keeps the redis and postgres entries to their own driver, Node built-ins and the core root entry', () => {
    const drivers: Readonly<Record<string, string>> = { redis: 'redis', postgres: 'pg' };
    const offenders = files
      .filter((file) => getTopFolder(file) in drivers)
      .flatMap((file) =>
        getImports(file)
          .filter(
            (specifier) =>
              !specifier.startsWith('.') && !specifier.startsWith('node:') && specifier !== drivers[getTopFolder(file)],
          )
          .map((specifier) => `${relative(SRC, file)} imports ${specifier}`),
      );
    expect(Object.keys(drivers).every((folder) => files.some((file) => getTopFolder(file) === folder))).toBe(true);
    expect(offenders).toStrictEqual([]);
  });

  it('lets composition roots use only the public entries of the core and the built-ins', () => {
    // The bin is the package's own composition root: besides the public entries, it may use the internal entry built-ins share.
    const entries = new Set([
      join(SRC, 'index.js'),
      join(SRC, 'internal/index.js'),
      ...BUILT_INS.map((folder) => join(SRC, folder, 'index.js')),
    ]);
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

  it('places every core folder in LAYERS', () => {
    const folders = [...new Set(coreFiles.map(getTopFolder))].filter((folder) => !folder.endsWith('.ts'));
    expect(folders.filter((folder) => getLevel(folder) === undefined)).toStrictEqual([]);
  });

  it('keeps core imports running down the folder order (values -> spec -> metadata -> schema -> permissions -> interrupt -> contract -> registry -> executor -> di)', () => {
    const offenders = coreFiles
      .filter((file) => !getTopFolder(file).endsWith('.ts'))
      .flatMap((file) =>
        getImports(file)
          .filter((specifier) => specifier.startsWith('.'))
          .flatMap((specifier) => {
            const violation = getLayerViolation(getTopFolder(file), getTopFolder(resolve(dirname(file), specifier)));
            return violation === undefined ? [] : [`${relative(SRC, file)} imports ${specifier}: ${violation}`];
          }),
      );
    expect(offenders).toStrictEqual([]);
  });

  it('detects an import that runs up the folder order', () => {
    expect(getLayerViolation('registry', 'executor')).toBe(
      'registry (level 10) may not import executor (level 11): move what both need to a lower level',
    );
    expect(getLayerViolation('permissions', 'workspace')).toBe(
      'permissions (level 6) may not import workspace (level 6): move what both need to a lower level',
    );
    expect(getLayerViolation('kernel', 'values')).toBe(
      'kernel (level 0) may not import values (level 1): move what both need to a lower level',
    );
    expect(getLayerViolation('workspace', 'kernel')).toBeUndefined();
    expect(getLayerViolation('executor', 'registry')).toBeUndefined();
    expect(getLayerViolation('values', 'errors')).toBeUndefined();
    expect(getLayerViolation('bin', 'values')).toBe('bin is not in LAYERS');
  });

  it('detects a forbidden import when one is present', () => {
    const sample =
      "import { spawn } from 'node:child_process';\nexport * from '@modelcontextprotocol/sdk/client/index.js';";
    const found = ts.preProcessFile(sample, true, true).importedFiles.map((imported) => imported.fileName);
    expect(
      found.filter((specifier) => CORE_FORBIDDEN_MODULES.some((pattern) => pattern.test(specifier))),
    ).toStrictEqual(['node:child_process', '@modelcontextprotocol/sdk/client/index.js']);
  });
});
