// The package build (`npm run build`, prepublishOnly; the packaging test and the start-up bench build
// the same way into a directory of their own):
//   node --import @swc-node/register/esm-register scripts/buildPackage.ts [--outDir <dir>]   (default dist)
// 1. tsc -p tsconfig.build.json into a scratch directory under .cache/build: JavaScript with decorator
//    metadata (esbuild emits none), source maps carrying src/, and the declarations (`@internal` stripped).
// 2. esbuild bundles that JavaScript into <dir>: one ESM file per entry of package.json's `exports`,
//    the code they share split into chunks (dist/chunks/), so each module is in exactly one file and a
//    class is the same class from every entry (`ToolConfigurationError` from `agentkit-tools-core/fs`
//    is the one `agentkit-tools-core` exports). Every dependency and peer stays external, the
//    package's own lazy imports (the MCP client's transports, serveHttp's sessions) stay dynamic
//    (chunks of their own), and source maps chain back to src/.
// 3. The bin is bundled on its own (dist/bin/, its chunks in dist/bin/chunks/), with Inversify in it
//    (licences in dist/bin/THIRD-PARTY-LICENSES.txt); its lazy imports (the shell, the stores) stay lazy.
// 4. The declarations are copied beside the bundles, one per module as tsc wrote them.
// A host with fs, shell and mcp then loads 12 of the package's files instead of 380; `serve` 269 files
// in all instead of 818.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Manifest {
  readonly exports: Record<string, string | { readonly default?: string }>;
  readonly bin: Record<string, string>;
  readonly dependencies: Record<string, string>;
  readonly peerDependencies: Record<string, string>;
}

/** The packages the bin's bundle carries (the rest it imports from the install). */
const BUNDLED_IN_BIN: readonly string[] = ['inversify'];

/** The JavaScript files under dist/ that package.json names (its exports' `default`s and its bins), as paths relative to dist/. */
export function listEntryFiles(manifest: Manifest): string[] {
  const targets = [
    ...Object.values(manifest.exports).map((target) => (typeof target === 'string' ? target : target.default)),
    ...Object.values(manifest.bin),
  ];
  return targets
    .filter((target): target is string => target?.startsWith('./dist/') === true && target.endsWith('.js'))
    .map((target) => target.slice('./dist/'.length));
}

/**
 * Rewrites the `sources` of every source map under `outDir` as they would read from the repository's
 * dist/ (`../src/fs/index.ts`): a build staged elsewhere (the packaging test's, the bench's) ships the
 * same maps as `npm run build`'s.
 */
function relocateSourceMaps(outDir: string): void {
  for (const file of readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js.map')) continue;
    const mapPath = path.join(outDir, file);
    const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[] };
    const from = path.dirname(path.join(ROOT, 'dist', file));
    map.sources = map.sources.map((source) =>
      path
        .relative(from, path.resolve(path.dirname(mapPath), source))
        .split(path.sep)
        .join('/'),
    );
    writeFileSync(mapPath, JSON.stringify(map));
  }
}

/**
 * Maps bundled dependencies to the JavaScript they ship, not through their own source maps (which name
 * TypeScript sources they do not ship, so the chained map would carry no content for them).
 */
const mapToShippedCode: Plugin = {
  name: 'map-to-shipped-code',
  setup(build) {
    build.onLoad({ filter: /\/node_modules\/.*\.js$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(/^\/\/# sourceMappingURL=.*$/gmu, ''),
      loader: 'js',
    }));
  },
};

/** `files` (from {@link listEntryFiles}) split into the exports' and the bins'. */
function partitionEntries(files: readonly string[], manifest: Manifest): [string[], string[]] {
  const bins = new Set(Object.values(manifest.bin).map((target) => target.slice('./dist/'.length)));
  return [files.filter((file) => !bins.has(file)), files.filter((file) => bins.has(file))];
}

/** Writes the licence of every package whose code the bundle in `metafile` carries (MIT asks for its notice). */
function writeBundledLicences(metafile: Metafile, file: string): void {
  const packages = new Set<string>();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//u.exec(input);
    if (match?.[1] !== undefined) packages.add(match[1]);
  }
  const notices = [...packages].sort().map((name) => {
    const dir = path.join(ROOT, 'node_modules', name);
    const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
    return `${name} ${version}\n\n${readFileSync(path.join(dir, 'LICENSE'), 'utf8').trim()}\n`;
  });
  writeFileSync(
    file,
    `The agentkit-tools bin bundles code of these packages, under these licences.\n\n${notices.join('\n')}`,
  );
}

/** Builds the package into `outDir` (replaced): bundles from tsc's JavaScript, tsc's declarations. */
export async function buildPackage(outDir: string): Promise<void> {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Manifest;
  mkdirSync(path.join(ROOT, '.cache/build'), { recursive: true });
  // Under the repository (tsc's maps name src/ relatively); esbuild works from `scratch`, so the
  // comments naming each module in the bundles read `src/fs/index.js` whatever the scratch name.
  const scratch = mkdtempSync(path.join(ROOT, '.cache/build/tsc-'));
  const compiled = path.join(scratch, 'src');
  try {
    execFileSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', compiled],
      { cwd: ROOT, stdio: 'inherit' },
    );
    rmSync(outDir, { recursive: true, force: true });
    const common = {
      absWorkingDir: scratch,
      outbase: compiled,
      outdir: outDir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      // Error messages and tests name classes (`constructor.name`); bundling must not rename them.
      keepNames: true,
      sourcemap: 'linked',
      sourcesContent: true,
      metafile: true,
      logLevel: 'warning',
    } as const satisfies BuildOptions;
    const [library, bins] = partitionEntries(listEntryFiles(manifest), manifest);
    await build({
      ...common,
      entryPoints: library.map((file) => path.join(compiled, file)),
      // Dependencies and peers (optional or not) are the user's install, resolved at run time as before.
      packages: 'external',
      chunkNames: 'chunks/[name]-[hash]',
    });
    // The bin is a program of its own (nothing imports it, it imports no user code): its own copy of
    // the package's code and of Inversify, whose ~250 files are a third of what `serve` loads. Every
    // other dependency and peer stays external (the MCP SDK and ajv are shared with the SDK's own use).
    const external = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)]
      .filter((name) => !BUNDLED_IN_BIN.includes(name))
      .flatMap((name) => [name, `${name}/*`]);
    const bin = await build({
      ...common,
      entryPoints: bins.map((file) => path.join(compiled, file)),
      external,
      chunkNames: 'bin/chunks/[name]-[hash]',
      plugins: [mapToShippedCode],
    });
    writeBundledLicences(bin.metafile, path.join(outDir, 'bin/THIRD-PARTY-LICENSES.txt'));
    relocateSourceMaps(outDir);
    cpSync(compiled, outDir, {
      recursive: true,
      filter: (source) => !source.endsWith('.js') && !source.endsWith('.js.map'),
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const flag = process.argv.indexOf('--outDir');
  const outDir = path.resolve(flag === -1 ? path.join(ROOT, 'dist') : (process.argv[flag + 1] ?? 'dist'));
  await buildPackage(outDir);
}
