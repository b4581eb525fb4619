import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  runNode,
  scenarioStatus,
  type ConformanceCheck,
  type ScenarioStatus,
  type SuiteRun,
} from './runConformanceSuite.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The fixture client, run by the suite once per scenario with the scenario's server URL appended. */
const CLIENT_COMMAND = `${process.execPath} --import @swc-node/register/esm-register ${path.join(HERE, 'conformanceClient.ts')}`;

async function findChecks(dir: string): Promise<string | undefined> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isFile() && entry.name === 'checks.json') return full;
    if (entry.isDirectory()) {
      const found = await findChecks(full);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** One client scenario: the suite starts its server, runs the fixture client against it, and checks what it saw. */
async function runClientScenario(
  scenario: string,
  timeoutMs: number,
): Promise<{ status: ScenarioStatus; checks: ConformanceCheck[]; output: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agentkit-conformance-client-'));
  try {
    const { output } = await runNode(
      ['client', '--command', CLIENT_COMMAND, '--scenario', scenario, '--timeout', String(timeoutMs), '-o', dir],
      timeoutMs + 30_000,
    );
    const file = await findChecks(dir);
    if (file === undefined) return { status: 'fail', checks: [], output };
    const checks = JSON.parse(await readFile(file, 'utf8')) as ConformanceCheck[];
    return { status: scenarioStatus(checks), checks, output };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs each client scenario of `scenarios` against the fixture client, `parallel` at a time (each
 * is a server of the suite's and a client process of ours).
 */
export async function runClientScenarios(
  scenarios: readonly string[],
  parallel = 3,
  timeoutMs = 60_000,
): Promise<SuiteRun> {
  const results = new Map<string, { status: ScenarioStatus; checks: ConformanceCheck[] }>();
  let output = '';
  const queue = [...scenarios];
  const worker = async (): Promise<void> => {
    for (let scenario = queue.shift(); scenario !== undefined; scenario = queue.shift()) {
      const result = await runClientScenario(scenario, timeoutMs);
      results.set(scenario, { status: result.status, checks: result.checks });
      output += `--- ${scenario}: ${result.status}\n${result.output}\n`;
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, scenarios.length) }, worker));
  return { scenarios: results, output };
}
