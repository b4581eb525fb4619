import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PROJECT_ROOT = path.resolve(HERE, '../../..');
const SUITE = path.join(PROJECT_ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
/** Registers the Node 20 `fs.globSync` shim (see fixtures/node20GlobSyncShim.mjs). */
const SHIM = path.join(HERE, 'fixtures/node20GlobSyncShim.mjs');

/** One check a scenario reported (the suite's `checks.json` entries). */
export interface ConformanceCheck {
  readonly id: string;
  readonly status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  readonly errorMessage?: string;
}

/**
 * `fail`: a check failed (what the suite's CLI counts as failing). `warn`: none failed but one
 * warned, or none succeeded (the suite's tier-check does not count it as passing). `pass`: a check
 * succeeded, none failed or warned.
 */
export type ScenarioStatus = 'pass' | 'warn' | 'fail';

/** A scenario's status from its checks (see {@link ScenarioStatus}). */
export function scenarioStatus(checks: readonly ConformanceCheck[]): ScenarioStatus {
  const has = (status: ConformanceCheck['status']): boolean => checks.some((check) => check.status === status);
  return has('FAILURE') ? 'fail' : has('WARNING') || !has('SUCCESS') ? 'warn' : 'pass';
}

/** What one run of the suite found, per scenario. */
export interface SuiteRun {
  readonly scenarios: ReadonlyMap<string, { readonly status: ScenarioStatus; readonly checks: ConformanceCheck[] }>;
  /** What the suite printed, for a failing test's message. */
  readonly output: string;
}

/**
 * Runs the suite's CLI with `args` (under the Node 20 shim, and Node's own `nodeArgs`, an
 * `--import` say); resolves with its exit code and output.
 */
export function runNode(
  args: readonly string[],
  timeoutMs: number,
  nodeArgs: readonly string[] = [],
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', SHIM, ...nodeArgs, SUITE, ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the conformance suite did not finish in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The scenario names the suite lists for `kind` (`list --server` / `list --client`). */
export async function listScenarios(kind: 'server' | 'client'): Promise<string[]> {
  const { output } = await runNode(['list', `--${kind}`], 30_000);
  const section = output.split(/^(?=\w.*scenarios)/mu).find((part) => part.toLowerCase().startsWith(kind));
  return [...(section ?? '').matchAll(/^\s+- (\S+)/gmu)].map((match) => match[1] as string);
}

/**
 * Runs every server scenario of the suite (`server --suite all`), or only `scenario`, against
 * `url` (Node's `nodeArgs` before the suite) and reads each scenario's `checks.json` from a
 * temporary output directory (removed after).
 */
export async function runServerScenarios(
  url: string,
  timeoutMs = 240_000,
  { scenario, nodeArgs = [] }: { readonly scenario?: string; readonly nodeArgs?: readonly string[] } = {},
): Promise<SuiteRun> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agentkit-conformance-'));
  try {
    const which = scenario === undefined ? ['--suite', 'all'] : ['--scenario', scenario];
    const { output } = await runNode(['server', '--url', url, ...which, '-o', dir], timeoutMs, nodeArgs);
    const scenarios = new Map<string, { status: ScenarioStatus; checks: ConformanceCheck[] }>();
    for (const entry of await readdir(dir)) {
      // `server-<scenario>-<ISO time with - for : and .>`
      const match = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/u.exec(entry);
      if (match === null) continue;
      const checks = JSON.parse(await readFile(path.join(dir, entry, 'checks.json'), 'utf8')) as ConformanceCheck[];
      scenarios.set(match[1] as string, { status: scenarioStatus(checks), checks });
    }
    return { scenarios, output };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The test-only loader that applies the suite's upstream fix of `server-sse-polling` (see fixtures/sseProtocolHeaderFix.mjs). */
export const SSE_PROTOCOL_HEADER_FIX = path.join(HERE, 'fixtures/sseProtocolHeaderFix.mjs');

/** The one `checks.json` under `dir` (client scenario names may hold a `/`, which makes a folder). */
async function readChecks(dir: string): Promise<ConformanceCheck[]> {
  for (const entry of await readdir(dir, { recursive: true })) {
    if (path.basename(entry) === 'checks.json')
      return JSON.parse(await readFile(path.join(dir, entry), 'utf8')) as ConformanceCheck[];
  }
  return [];
}

/** The command that starts the fixture client from source (the suite appends the server URL). */
export const CLIENT_COMMAND = `${JSON.stringify(process.execPath)} --import @swc-node/register/esm-register ${JSON.stringify(path.join(HERE, 'conformanceClient.ts'))}`;

/**
 * Runs one client scenario of the suite (`client --scenario`): the suite starts its server and
 * then `command <url>`, and judges what the client did.
 */
export async function runClientScenario(
  scenario: string,
  command = CLIENT_COMMAND,
  timeoutMs = 60_000,
): Promise<{ status: ScenarioStatus; checks: ConformanceCheck[]; output: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agentkit-conformance-client-'));
  try {
    const { output } = await runNode(
      ['client', '--command', command, '--scenario', scenario, '--timeout', '30000', '-o', dir],
      timeoutMs,
    );
    const checks = await readChecks(dir);
    return { status: scenarioStatus(checks), checks, output };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
