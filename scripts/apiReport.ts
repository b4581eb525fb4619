// The API reports: one per public entry point, checked in under etc/api/ and compared in `npm test`.
//   npm run api:check   builds the declarations and fails when an entry's surface differs from its report
//   npm run api:update  regenerates every report (run it after a merge or a deliberate API change)
import {
  CompilerState,
  Extractor,
  ExtractorConfig,
  ExtractorLogLevel,
  type IConfigFile,
} from '@microsoft/api-extractor';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPORT_FOLDER = join(ROOT, 'etc/api');
/** Declarations go to .cache/api (git- and lint-ignored; not under node_modules, where API Extractor would take them for a dependency); the build info sits inside, so deleting the folder rebuilds. */
const CACHE = join(ROOT, '.cache/api');
const DTS = join(CACHE, 'dts');

interface PackageJson {
  readonly name: string;
  /** Code entries map to `{ types, default }`; a data file (`./policy.schema.json`) to its path. */
  readonly exports: Readonly<Record<string, { readonly types: string } | string>>;
}

/** The package's code entries: './fs' -> report 'fs', '.' -> report 'index'; its `types` path under dist/ -> the same path under the cache. */
function listEntries(packageJson: PackageJson): { readonly reportName: string; readonly dtsPath: string }[] {
  const code = Object.entries(packageJson.exports).flatMap(([subpath, target]) =>
    typeof target === 'string' ? [] : [[subpath, target] as const],
  );
  return code.map(([subpath, target]) => ({
    reportName: subpath === '.' ? 'index' : subpath.replace(/^\.\//, '').replaceAll('/', '-'),
    dtsPath: join(DTS, target.types.replace(/^\.\/dist\//, '')),
  }));
}

function buildDeclarations(): void {
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const args = [
    '-p',
    'tsconfig.build.json',
    '--emitDeclarationOnly',
    '--declarationMap',
    '--sourceMap',
    'false',
    '--inlineSources',
    'false',
  ];
  args.push('--outDir', DTS, '--incremental', '--tsBuildInfoFile', join(DTS, '.tsbuildinfo'));
  const run = spawnSync(process.execPath, [tsc, ...args], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0)
    throw new Error(
      `api: building the declarations failed (tsc exited ${String(run.status)}); fix the type errors above and run again.`,
    );
}

/**
 * Subpath entries reach the core through '../index.js'. Rewritten to the package name, resolved through a stub package
 * under .cache/api/node_modules, the core's types show in a subpath report as `import { X } from 'agentkit-tools-core'`,
 * as users see them, instead of as "forgotten exports" of the subpath.
 */
function linkRootEntry(packageName: string): void {
  const stub = join(CACHE, 'node_modules', packageName);
  mkdirSync(stub, { recursive: true });
  writeFileSync(
    join(stub, 'package.json'),
    JSON.stringify({ name: packageName, type: 'module', exports: { '.': { types: './index.d.ts' } } }),
  );
  writeFileSync(join(stub, 'index.d.ts'), `export * from '${relative(stub, join(DTS, 'index.js'))}';\n`);
  for (const file of listDeclarations(DTS)) {
    const text = readFileSync(file, 'utf8');
    const rewritten = text.replace(
      /((?:from |import\()['"])(\.{1,2}\/[^'"]*index\.js)(['"])/g,
      (whole, before: string, specifier: string, after: string) =>
        resolve(dirname(file), specifier) === join(DTS, 'index.js') ? `${before}${packageName}${after}` : whole,
    );
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}

function listDeclarations(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listDeclarations(path);
    return entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function buildConfig(reportName: string, dtsPath: string, allEntries: readonly string[]): IConfigFile {
  return {
    projectFolder: ROOT,
    mainEntryPointFilePath: dtsPath,
    compiler: {
      overrideTsconfig: {
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2023'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          types: ['node'],
          exactOptionalPropertyTypes: true,
          skipLibCheck: true,
        },
        files: allEntries,
      },
    },
    apiReport: {
      enabled: true,
      reportFileName: reportName,
      reportFolder: REPORT_FOLDER,
      reportTempFolder: join(CACHE, 'temp'),
    },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    messages: {
      // What the reviewer should see lands in the report file (forgotten exports above all); nothing is only logged.
      compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Error } },
      extractorMessageReporting: {
        default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: true },
        'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
        'ae-internal-missing-underscore': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
        // {@link member} in doc comments is not TSDoc's declaration-reference syntax; the comments are for editors, not a doc site.
        'ae-unresolved-link': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
        // The report marks undocumented members inline already; the footer list would only repeat it.
        'ae-undocumented': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
      },
      tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: false } },
    },
    newlineKind: 'lf',
    testMode: false,
    bundledPackages: [],
  };
}

function main(update: boolean): number {
  const started = performance.now();
  const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;
  const entries = listEntries(packageJson);
  buildDeclarations();
  linkRootEntry(packageJson.name);
  mkdirSync(REPORT_FOLDER, { recursive: true });
  const built = performance.now();
  const allEntries = entries.map((entry) => entry.dtsPath);
  let compilerState: CompilerState | undefined;
  const changed: string[] = [];
  for (const entry of entries) {
    if (!existsSync(entry.dtsPath))
      throw new Error(
        `api: ${entry.dtsPath} was not emitted; does package.json "exports" name a file that src/ builds?`,
      );
    const config = ExtractorConfig.prepare({
      configObject: buildConfig(entry.reportName, entry.dtsPath, allEntries),
      configObjectFullPath: undefined,
      packageJsonFullPath: join(ROOT, 'package.json'),
    });
    compilerState ??= CompilerState.create(config, { additionalEntryPoints: allEntries });
    const result = Extractor.invoke(config, {
      localBuild: update,
      compilerState,
      printApiReportDiff: !update,
      messageCallback: (message) => {
        if (message.messageId === 'console-preamble') message.handled = true;
      },
    });
    if (result.errorCount > 0)
      throw new Error(
        `api: API Extractor reported ${String(result.errorCount)} error(s) for ${entry.reportName}; see above.`,
      );
    if (result.apiReportChanged) changed.push(`etc/api/${entry.reportName}.api.md`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const extractSeconds = ((performance.now() - built) / 1000).toFixed(1);
  if (changed.length === 0) {
    console.log(
      `api: ${String(entries.length)} reports match the exported surface (${seconds} s, ${extractSeconds} s of it API Extractor).`,
    );
    return 0;
  }
  if (update) {
    console.log(`api: updated ${changed.join(', ')} (${seconds} s). Review the diff and commit it with the change.`);
    return 0;
  }
  console.error(`api: the exported surface differs from ${changed.join(', ')} (diff above).`);
  console.error(
    'api: if the change is intended, run `npm run api:update` and commit the updated reports; otherwise restore the export.',
  );
  return 1;
}

rmSync(join(CACHE, 'temp'), { recursive: true, force: true });
process.exitCode = main(process.argv.includes('--update'));
