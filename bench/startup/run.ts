import { execFile, spawn } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { formatMs, formatRatio, renderTable } from '../format.js';
import { describeLoad } from '../report.js';

const run = promisify(execFile);
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
/**
 * The build under test: the package's layout as `npm run build` makes it (dist/ of esbuild bundles, assets/,
 * package.json) staged in .cache/startup, so the
 * repository's own dist/ is left alone (a dist/ there would be what the package's self-reference resolves to).
 */
const STAGE = path.join(ROOT, '.cache/startup');
const BIN = path.join(STAGE, 'dist/bin/agentkit-tools.js');
const FILESYSTEM_SERVER = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-filesystem/dist/index.js',
);

/** The targets: host start to first call within 2.5x the floor; serve to first listTools within 1.5x server-filesystem's. */
export const STARTUP_TARGETS = { hostVsFloor: 2.5, serveVsFilesystem: 1.5 } as const;
const ROUNDS = { host: 15, serve: 11 } as const;
/** What the measured scripts read to find the staged build. */
const STAGED_ENV = { ...process.env, AGENTKIT_DIST: pathToFileURL(path.join(STAGE, 'dist')).href };

interface ProcessTime {
  readonly wallMs: number;
  readonly cpuMs: number;
}

/** One whole process, start to exit, under GNU time (user + system CPU of the finished child). */
async function timeProcess(args: readonly string[]): Promise<ProcessTime> {
  const out = path.join(os.tmpdir(), `agentkit-startup-${String(process.pid)}.time`);
  const started = process.hrtime.bigint();
  await run('/usr/bin/time', ['-f', '%U %S', '-o', out, process.execPath, ...args], { cwd: ROOT, env: STAGED_ENV });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  const [user = 0, system = 0] = readFileSync(out, 'utf8').trim().split('\n').at(-1)?.split(' ').map(Number) ?? [];
  rmSync(out, { force: true });
  return { wallMs, cpuMs: (user + system) * 1000 };
}

/** Spawn to the first `listTools` answer over stdio (the client's close is not counted). */
async function timeFirstListTools(command: string, args: readonly string[]): Promise<number> {
  const client = new Client({ name: 'agentkit-startup-bench', version: '1.0.0' });
  const started = process.hrtime.bigint();
  await client.connect(new StdioClientTransport({ command, args: [...args], stderr: 'ignore' }));
  const { tools } = await client.listTools();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  await client.close();
  if (tools.length === 0) throw new Error(`${command} ${args.join(' ')} listed no tools`);
  return ms;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** A then B, `rounds` times; medians of each and of the per-pair ratios A/B. */
async function paired<T>(
  rounds: number,
  a: () => Promise<T>,
  b: () => Promise<T>,
  read: (value: T) => number,
): Promise<{ a: number; b: number; ratio: number }> {
  await a();
  await b();
  const as: number[] = [];
  const bs: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const x = read(await a());
    const y = read(await b());
    as.push(x);
    bs.push(y);
    ratios.push(x / y);
  }
  return { a: median(as), b: median(bs), ratio: median(ratios) };
}

/** Files loaded by `node <args>`, by package, from bench/startup/countModules.mjs. */
async function countModules(args: readonly string[]): Promise<{ total: number; byPackage: Record<string, number> }> {
  const child = spawn(process.execPath, ['--import', path.join(HERE, 'countModules.mjs'), ...args], {
    cwd: ROOT,
    env: STAGED_ENV,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  await new Promise((resolve) => child.on('close', resolve));
  const line = stderr.split('\n').find((candidate) => candidate.startsWith('MODULES '));
  if (line === undefined) throw new Error(`no module count from ${args.join(' ')}: ${stderr}`);
  return JSON.parse(line.slice('MODULES '.length)) as { total: number; byPackage: Record<string, number> };
}

function describeModules(count: { total: number; byPackage: Record<string, number> }): string {
  const top = Object.entries(count.byPackage)
    .sort((x, y) => y[1] - x[1])
    .slice(0, 6)
    .map(([name, files]) => `${name} ${String(files)}`);
  return `${String(count.total)} (${top.join(', ')}, ...)`;
}

/**
 * `npm run bench -- startup`: whole processes from a fresh build (staged in .cache/startup), paired round by round:
 * a host with fs + shell + mcp (no server configured, no DTO tool) from start to its first
 * `fs_read_file` against ajv + `readFile` (bench/startup/floor.mjs); the same host's first
 * `shell_exec` (the bash parser loads then); `agentkit-tools serve --root` from spawn to its
 * first `listTools` over stdio against `@modelcontextprotocol/server-filesystem`'s; and the
 * files each loads.
 */
export async function runStartupBench(log: (line: string) => void = console.log): Promise<boolean> {
  log(
    'startup: building into .cache/startup (scripts/buildPackage.ts --outDir .cache/startup/dist, as npm run build) ...',
  );
  rmSync(STAGE, { recursive: true, force: true });
  await run(
    process.execPath,
    ['--import', '@swc-node/register/esm-register', 'scripts/buildPackage.ts', '--outDir', path.join(STAGE, 'dist')],
    { cwd: ROOT },
  );
  cpSync(path.join(ROOT, 'assets'), path.join(STAGE, 'assets'), { recursive: true });
  copyFileSync(path.join(ROOT, 'package.json'), path.join(STAGE, 'package.json'));
  const tree = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-startup-')));
  try {
    writeFileSync(path.join(tree, 'a.txt'), 'hello\n');
    const host = ['bench/startup/host.mjs', tree];
    const shell = [...host, 'shell_exec', JSON.stringify({ command: 'echo hi' })];
    const floor = ['bench/startup/floor.mjs', tree];
    log(`startup: at the start, ${describeLoad()}`);
    log(`startup: host vs floor, ${String(ROUNDS.host)} pairs ...`);
    const read = (time: ProcessTime): number => time.wallMs;
    const cpu = (time: ProcessTime): number => time.cpuMs;
    const hostWall = await paired(
      ROUNDS.host,
      () => timeProcess(host),
      () => timeProcess(floor),
      read,
    );
    const hostCpu = await paired(
      ROUNDS.host,
      () => timeProcess(host),
      () => timeProcess(floor),
      cpu,
    );
    const shellWall = await paired(
      ROUNDS.host,
      () => timeProcess(shell),
      () => timeProcess(floor),
      read,
    );
    log(`startup: serve --root vs server-filesystem, ${String(ROUNDS.serve)} pairs ...`);
    const serve = await paired(
      ROUNDS.serve,
      () => timeFirstListTools(process.execPath, [BIN, 'serve', '--root', tree]),
      () => timeFirstListTools(process.execPath, [FILESYSTEM_SERVER, tree]),
      (ms) => ms,
    );
    const modules = {
      host: await countModules(host),
      shell: await countModules(shell),
      floor: await countModules(floor),
    };
    const rows = [
      [
        'host fs+shell+mcp, start to first fs_read_file (wall)',
        formatMs(hostWall.a),
        formatMs(hostWall.b),
        formatRatio(hostWall.ratio),
      ],
      [
        'host fs+shell+mcp, start to first fs_read_file (CPU)',
        formatMs(hostCpu.a),
        formatMs(hostCpu.b),
        formatRatio(hostCpu.ratio),
      ],
      [
        'the same host, start to first shell_exec (wall)',
        formatMs(shellWall.a),
        formatMs(shellWall.b),
        formatRatio(shellWall.ratio),
      ],
      ['serve --root, spawn to first listTools (wall)', formatMs(serve.a), formatMs(serve.b), formatRatio(serve.ratio)],
    ];
    log(`\n${renderTable(['start-up (whole processes, medians)', 'ours', 'reference', 'paired ratio'], rows)}`);
    log('reference: ajv + readFile for the host rows, @modelcontextprotocol/server-filesystem for serve');
    log(`modules loaded: host ${describeModules(modules.host)}`);
    log(`                first shell_exec ${describeModules(modules.shell)}`);
    log(`                floor ${describeModules(modules.floor)}`);
    const verdicts = [
      [
        `host start to first call <= ${String(STARTUP_TARGETS.hostVsFloor)}x ajv + readFile (wall)`,
        hostWall.ratio <= STARTUP_TARGETS.hostVsFloor,
        formatRatio(hostWall.ratio),
      ],
      [
        `serve to first listTools <= ${String(STARTUP_TARGETS.serveVsFilesystem)}x server-filesystem`,
        serve.ratio <= STARTUP_TARGETS.serveVsFilesystem,
        formatRatio(serve.ratio),
      ],
    ] as const;
    for (const [target, pass, measured] of verdicts) log(`${pass ? 'PASS' : 'FAIL'}  ${target}: ${measured}`);
    log(`startup: at the end, ${describeLoad()}`);
    return verdicts.every(([, pass]) => pass);
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}
