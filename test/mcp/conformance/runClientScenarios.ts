import { runClientScenario, type ConformanceCheck, type ScenarioStatus, type SuiteRun } from './runConformanceSuite.js';

/**
 * Runs each client scenario of `scenarios` against the fixture client, `parallel` at a time (each
 * is a server of the suite's and a client process of ours).
 */
export async function runClientScenarios(scenarios: readonly string[], parallel = 3): Promise<SuiteRun> {
  const results = new Map<string, { status: ScenarioStatus; checks: ConformanceCheck[] }>();
  let output = '';
  const queue = [...scenarios];
  const worker = async (): Promise<void> => {
    for (let scenario = queue.shift(); scenario !== undefined; scenario = queue.shift()) {
      const result = await runClientScenario(scenario);
      results.set(scenario, { status: result.status, checks: result.checks });
      output += `--- ${scenario}: ${result.status}\n${result.output}\n`;
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, scenarios.length) }, worker));
  return { scenarios: results, output };
}
