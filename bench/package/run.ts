import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { renderTable } from '../format.js';
import { describeLoad } from '../report.js';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NPM = ['--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'];

/** The issue's target: the whole install with its peers at most 45 MB (`du -sh node_modules`). */
export const PACKAGE_TARGETS = { installedMb: 45 } as const;

interface Manifest {
  readonly devDependencies: Record<string, string>;
  readonly peerDependencies: Record<string, string>;
  readonly peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** `du -sk` (disk blocks, as `du -sh` counts) and `--apparent-size`, in MB, of `dir`. */
async function measureDir(dir: string): Promise<{ diskMb: number; bytesMb: number }> {
  const disk = await run('du', ['-sk', dir]);
  const bytes = await run('du', ['-sk', '--apparent-size', dir]);
  const kb = (out: string): number => Number(out.split('\t')[0]) / 1024;
  return { diskMb: kb(disk.stdout), bytesMb: kb(bytes.stdout) };
}

/** The largest packages of `modules` (`du -sk` of each), for the report. */
async function largest(modules: string, count: number): Promise<string> {
  // Scoped packages first and scope folders left out: du counts each file once across its arguments.
  const { stdout } = await run('sh', ['-c', 'du -sk @*/* [!@]* 2>/dev/null | sort -rn'], { cwd: modules });
  return stdout
    .trim()
    .split('\n')
    .slice(0, count)
    .map((line) => {
      const [kb = '0', name = '?'] = line.split('\t');
      return `${name} ${(Number(kb) / 1024).toFixed(1)}`;
    })
    .join(', ');
}

/**
 * `npm run bench -- package`: the package as a user downloads it: built, `npm pack`ed (tarball
 * and unpacked size), installed from the tarball into a fresh project with its required peers
 * (the npm cache first, the registry for what it lacks), then with the optional DTO peers
 * (class-validator, class-transformer, class-validator-jsonschema) added, then with the MCP SDK
 * (an optional peer too, for hosts that use MCP); `du` of node_modules each time. The peers'
 * versions are the ones this repository tests with.
 */
export async function runPackageBench(log: (line: string) => void = console.log): Promise<boolean> {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Manifest;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agentkit-package-bench-'));
  try {
    // Built as `npm run build` does and packed in a staging copy (as test/packaging does): the repository's dist/ is left alone.
    log('package: building into a staging copy and packing ...');
    const stage = path.join(dir, 'stage');
    await run(
      process.execPath,
      ['--import', '@swc-node/register/esm-register', 'scripts/buildPackage.ts', '--outDir', path.join(stage, 'dist')],
      { cwd: ROOT },
    );
    for (const file of ['package.json', 'README.md', 'LICENSE'])
      copyFileSync(path.join(ROOT, file), path.join(stage, file));
    cpSync(path.join(ROOT, 'assets'), path.join(stage, 'assets'), { recursive: true });
    const packed = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: stage });
    const [info] = JSON.parse(packed.stdout) as {
      filename: string;
      size: number;
      unpackedSize: number;
      entryCount: number;
    }[];
    if (info === undefined) throw new Error(`npm pack listed no tarball: ${packed.stdout}`);
    const app = path.join(dir, 'app');
    mkdirSync(app);
    writeFileSync(
      path.join(app, 'package.json'),
      JSON.stringify({ name: 'size-consumer', private: true, type: 'module' }),
    );
    const peer = (name: string): string =>
      `${name}@${manifest.devDependencies[name] ?? manifest.peerDependencies[name] ?? 'latest'}`;
    const optional = (name: string): boolean => manifest.peerDependenciesMeta?.[name]?.optional === true;
    const required = Object.keys(manifest.peerDependencies).filter((name) => !optional(name));
    const dto = ['class-validator', 'class-transformer', 'class-validator-jsonschema'];
    log(`package: installing the tarball with ${required.join(', ')} ...`);
    await run('npm', ['install', ...NPM, path.join(dir, info.filename), ...required.map(peer)], { cwd: app });
    const modules = path.join(app, 'node_modules');
    const withRequired = await measureDir(modules);
    const topRequired = await largest(modules, 8);
    log(`package: adding ${dto.join(', ')} ...`);
    await run('npm', ['install', ...NPM, ...dto.map(peer)], { cwd: app });
    const withDto = await measureDir(modules);
    const mcp = '@modelcontextprotocol/sdk';
    log(`package: adding ${mcp} ...`);
    await run('npm', ['install', ...NPM, peer(mcp)], { cwd: app });
    const withMcp = await measureDir(modules);
    const mb = (value: number): string => `${value.toFixed(1)} MB`;
    log(
      `\n${renderTable(
        ['package (npm pack, npm install of the tarball)', 'disk (du -sk)', 'bytes (apparent)'],
        [
          ['npm pack: tarball', '', mb(info.size / 2 ** 20)],
          [`npm pack: unpacked (${String(info.entryCount)} files)`, '', mb(info.unpackedSize / 2 ** 20)],
          [`installed with required peers (${required.join(', ')})`, mb(withRequired.diskMb), mb(withRequired.bytesMb)],
          ['installed with the DTO peers too', mb(withDto.diskMb), mb(withDto.bytesMb)],
          [`installed with the DTO peers and ${mcp} too`, mb(withMcp.diskMb), mb(withMcp.bytesMb)],
        ],
      )}`,
    );
    log(`largest with required peers (MB on disk): ${topRequired}`);
    const pass = withRequired.diskMb <= PACKAGE_TARGETS.installedMb;
    log(
      `${pass ? 'PASS' : 'FAIL'}  install with required peers <= ${String(PACKAGE_TARGETS.installedMb)} MB: ${mb(withRequired.diskMb)}`,
    );
    log(`package: at the end, ${describeLoad()}`);
    return pass;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
