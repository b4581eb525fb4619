import { pathToFileURL } from 'node:url';
import { formatNs, formatRatio, renderTable } from '../format.js';
import { measurePerCall, type PerCallResult } from '../measure.js';
import { describeLoad } from '../report.js';
import { detectSandbox, findBubblewrap } from '../../src/shell/detectSandbox.js';
import { measureParsePolicy, type ParsePolicyResult } from './measureParsePolicy.js';
import { createBareSpawnSubject, createShellExecSubject } from './shellSubjects.js';

/** shell_exec of `true` without the sandbox may cost at most this much more than a bare spawn of it (issue 10's guard). */
export const SHELL_SPAWN_TARGET_RATIO = 1.05;
/** shell_exec of `true` in bubblewrap may cost at most this much more than a bare spawn of it. */
export const SANDBOX_SPAWN_TARGET_NS = 10_000_000;
const PER_CALL = { warmupMs: 500, batchMs: 40, rounds: 31 } as const;

export interface ShellBenchResult {
  readonly bare: PerCallResult;
  readonly shellExec: PerCallResult;
  readonly sandboxed: PerCallResult | undefined;
  readonly ratio: number;
  readonly pass: boolean;
  readonly parsePolicy: ParsePolicyResult;
  readonly report: string;
}

/** The shell benchmark (`bench/shell/run.ts`): spawn overhead vs a bare spawn, and parse + policy cost. */
export async function runShellBench(log: (line: string) => void = console.log): Promise<ShellBenchResult> {
  const shellExec = await createShellExecSubject('off');
  const bare = createBareSpawnSubject(shellExec.root);
  const detached = createBareSpawnSubject(shellExec.root, true);
  const sandboxAvailable = await detectSandbox(findBubblewrap());
  const sandboxExec = sandboxAvailable ? await createShellExecSubject('required') : undefined;
  try {
    log(`Shell: ${PER_CALL.rounds} round-robin rounds of ~${PER_CALL.batchMs} ms batches (${describeLoad()}) ...`);
    if (sandboxExec === undefined) log('*** bubblewrap is missing or does not work here: the sandboxed row is left out and its target FAILS (apt-get install -y bubblewrap). ***');
    const subjects = sandboxExec === undefined ? [bare, detached, shellExec] : [bare, detached, shellExec, sandboxExec];
    const results = await measurePerCall(subjects, PER_CALL);
    const [bareResult, , execResult] = results as [PerCallResult, PerCallResult, PerCallResult];
    const sandboxResult = results[3];
    const parsePolicy = await measureParsePolicy(21, 20);
    const ratio = execResult.medianNs / bareResult.medianNs;
    const sandboxExtraNs = sandboxResult === undefined ? Number.POSITIVE_INFINITY : sandboxResult.medianNs - bareResult.medianNs;
    const pass = ratio <= SHELL_SPAWN_TARGET_RATIO && sandboxExtraNs <= SANDBOX_SPAWN_TARGET_NS;
    const spawnTable = renderTable(
      ['one call (sequential)', 'median/op', 'batch range', 'vs bare spawn', 'rounds x calls'],
      results.map((row) => [
        row.name,
        formatNs(row.medianNs),
        `${formatNs(row.minNs)} - ${formatNs(row.maxNs)}`,
        formatRatio(row.medianNs / bareResult.medianNs),
        `${row.rounds} x ${row.batchSize}`,
      ]),
    );
    const parseTable = renderTable(
      ['command form: parse + policy, no spawn', 'median', 'decision'],
      [
        ...parsePolicy.perCommand.map((row) => [row.command.length > 60 ? `${row.command.slice(0, 57)}...` : row.command, `${row.us.toFixed(1)} µs`, row.decision]),
        [`median of the ${parsePolicy.commands} commands`, `${parsePolicy.medianUs.toFixed(1)} µs`, ''],
        ['mean per command over whole rounds (GC included)', `${parsePolicy.meanUs.toFixed(1)} µs`, `rounds ${parsePolicy.minUs.toFixed(1)} - ${parsePolicy.maxUs.toFixed(1)} µs`],
      ],
    );
    const verdicts = renderTable(
      ['target', 'measured', 'verdict'],
      [
        [
          `shell_exec argv ["true"], sandbox 'off', <= ${SHELL_SPAWN_TARGET_RATIO}x a bare spawn`,
          `${formatRatio(ratio)} (${formatNs(execResult.medianNs)} vs ${formatNs(bareResult.medianNs)})`,
          ratio <= SHELL_SPAWN_TARGET_RATIO ? 'PASS' : 'FAIL',
        ],
        [
          `shell_exec argv ["true"] in bubblewrap <= a bare spawn + ${formatNs(SANDBOX_SPAWN_TARGET_NS)}`,
          sandboxResult === undefined ? 'bubblewrap unavailable' : `+${formatNs(sandboxExtraNs)} (${formatNs(sandboxResult.medianNs)} vs ${formatNs(bareResult.medianNs)})`,
          sandboxExtraNs <= SANDBOX_SPAWN_TARGET_NS ? 'PASS' : 'FAIL',
        ],
        ['command form parse + policy (reported, no target)', `${parsePolicy.medianUs.toFixed(1)} µs median per command`, 'info'],
      ],
    );
    const report = `${spawnTable}\n\n${parseTable}\n\nShell targets (medians of this run)\n${verdicts}\n\nAt the end: ${describeLoad()}`;
    log(report);
    return { bare: bareResult, shellExec: execResult, sandboxed: sandboxResult, ratio, pass, parsePolicy, report };
  } finally {
    await shellExec.close();
    await sandboxExec?.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runShellBench();
  process.exitCode = result.pass ? 0 : 1;
}
