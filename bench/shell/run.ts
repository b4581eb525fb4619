import { pathToFileURL } from 'node:url';
import { formatNs, formatRatio, renderTable } from '../format.js';
import { measurePerCall, median, pairedRatio, type PerCallResult, type Subject } from '../measure.js';
import { describeLoad } from '../report.js';
import { detectSandbox, findBubblewrap } from '../../src/shell/sandbox/detectSandbox.js';
import { measureParsePolicy, type ParsePolicyResult } from './measureParsePolicy.js';
import {
  createBareSpawnSubject,
  createGitRoot,
  createShellExecSubject,
  type ShellExecutorSubject,
} from './shellSubjects.js';

/** shell_exec of `true` without the sandbox may cost at most this much more than a bare spawn of it (issue 16). */
export const SHELL_SPAWN_TARGET_RATIO = 1.1;
/** shell_exec of `true` in a warm sandbox may cost at most this much more than a bare spawn (median, paired). */
export const SANDBOX_SPAWN_TARGET_NS = 3_000_000;
/** shell_exec of `git status` (default sandbox mode) may cost at most this much more than a bare spawn of it. */
export const GIT_STATUS_TARGET_RATIO = 1.3;
const PER_CALL = { warmupMs: 500, batchMs: 40, rounds: 31 } as const;

export interface ShellBenchResult {
  readonly results: readonly PerCallResult[];
  readonly pass: boolean;
  readonly parsePolicy: ParsePolicyResult;
  readonly report: string;
}

/** The median over rounds of `subject`'s batch mean minus `reference`'s in the same round, in ns. */
function pairedExtraNs(subject: PerCallResult, reference: PerCallResult): number {
  return median(subject.samplesNs.map((ns, round) => ns - (reference.samplesNs[round] as number)));
}

interface Verdict {
  readonly target: string;
  readonly measured: string;
  readonly pass: boolean;
}

/** The shell benchmark: spawn overhead vs a bare spawn (cold, warm, unconfined, git), and parse + policy cost. */
export async function runShellBench(log: (line: string) => void = console.log): Promise<ShellBenchResult> {
  const off = await createShellExecSubject('off');
  const sandboxAvailable = await detectSandbox(findBubblewrap());
  const gitRoot = await createGitRoot();
  const owned: ShellExecutorSubject[] = [off];
  const own = async (subject: Promise<ShellExecutorSubject>): Promise<ShellExecutorSubject> => {
    owned.push(await subject);
    return owned.at(-1) as ShellExecutorSubject;
  };
  try {
    const cold = sandboxAvailable ? await own(createShellExecSubject('cold')) : undefined;
    const warm = sandboxAvailable ? await own(createShellExecSubject('warm')) : undefined;
    const gitOff = await own(createShellExecSubject('off', ['git', 'status'], gitRoot));
    const gitWarm = sandboxAvailable
      ? await own(createShellExecSubject('warm', ['git', 'status'], gitRoot))
      : undefined;
    const bare = createBareSpawnSubject(off.root);
    const bareGit = createBareSpawnSubject(gitRoot, false, ['git', 'status']);
    log(`Shell: ${PER_CALL.rounds} round-robin rounds of ~${PER_CALL.batchMs} ms batches (${describeLoad()}) ...`);
    if (!sandboxAvailable) {
      log(
        '*** bubblewrap is missing or does not work here: the sandboxed rows are left out and their target FAILS ***',
      );
      log('*** (apt-get install -y bubblewrap) ***');
    }
    const spawnSubjects: Subject[] = [
      bare,
      createBareSpawnSubject(off.root, true),
      off,
      ...(cold === undefined ? [] : [cold]),
      ...(warm === undefined ? [] : [warm]),
    ];
    const gitSubjects: Subject[] = [bareGit, gitOff, ...(gitWarm === undefined ? [] : [gitWarm])];
    const results = await measurePerCall([...spawnSubjects, ...gitSubjects], PER_CALL);
    const find = (subject: Subject | undefined): PerCallResult | undefined =>
      results.find((row) => row.name === subject?.name);
    const bareResult = find(bare) as PerCallResult;
    const bareGitResult = find(bareGit) as PerCallResult;
    const parsePolicy = await measureParsePolicy(21, 20);
    const spawnTable = renderTable(
      ['one call (sequential)', 'median/op', 'batch range', 'vs bare (paired)', '+ vs bare (paired)', 'rounds x calls'],
      results.map((row) => {
        const reference = gitSubjects.some((subject) => subject.name === row.name) ? bareGitResult : bareResult;
        return [
          row.name,
          formatNs(row.medianNs),
          `${formatNs(row.minNs)} - ${formatNs(row.maxNs)}`,
          formatRatio(pairedRatio(row, reference)),
          formatNs(pairedExtraNs(row, reference)),
          `${row.rounds} x ${row.batchSize}`,
        ];
      }),
    );
    const parseTable = renderTable(
      ['command form: parse + policy, no spawn', 'median', 'decision'],
      [
        ...parsePolicy.perCommand.map((row) => [
          row.command.length > 60 ? `${row.command.slice(0, 57)}...` : row.command,
          `${row.us.toFixed(1)} µs`,
          row.decision,
        ]),
        [`median of the ${parsePolicy.commands} commands`, `${parsePolicy.medianUs.toFixed(1)} µs`, ''],
        [
          'mean per command over whole rounds (GC included)',
          `${parsePolicy.meanUs.toFixed(1)} µs`,
          `rounds ${parsePolicy.minUs.toFixed(1)} - ${parsePolicy.maxUs.toFixed(1)} µs`,
        ],
      ],
    );
    const offResult = find(off) as PerCallResult;
    const warmResult = find(warm);
    const coldResult = find(cold);
    const gitDefault = (find(gitWarm) ?? find(gitOff)) as PerCallResult;
    const offRatio = pairedRatio(offResult, bareResult);
    const warmExtra = warmResult === undefined ? Number.POSITIVE_INFINITY : pairedExtraNs(warmResult, bareResult);
    const gitRatio = pairedRatio(gitDefault, bareGitResult);
    const verdicts: Verdict[] = [
      {
        target: `shell_exec argv ["true"], sandbox 'off', <= ${SHELL_SPAWN_TARGET_RATIO}x a bare spawn`,
        measured: `${formatRatio(offRatio)} (${formatNs(offResult.medianNs)} vs ${formatNs(bareResult.medianNs)})`,
        pass: offRatio <= SHELL_SPAWN_TARGET_RATIO,
      },
      {
        target: `shell_exec argv ["true"] in a warm sandbox <= a bare spawn + ${formatNs(SANDBOX_SPAWN_TARGET_NS)}`,
        measured:
          warmResult === undefined
            ? 'bubblewrap unavailable'
            : `${warmExtra < 0 ? '' : '+'}${formatNs(warmExtra)} (${formatNs(warmResult.medianNs)} vs ${formatNs(bareResult.medianNs)})`,
        pass: warmExtra <= SANDBOX_SPAWN_TARGET_NS,
      },
      {
        target: `shell_exec git status (${gitWarm === undefined ? "sandbox 'off'" : 'warm sandbox'}) <= ${GIT_STATUS_TARGET_RATIO}x a bare spawn of it`,
        measured: `${formatRatio(gitRatio)} (${formatNs(gitDefault.medianNs)} vs ${formatNs(bareGitResult.medianNs)})`,
        pass: gitRatio <= GIT_STATUS_TARGET_RATIO,
      },
    ];
    const info = [
      [
        'shell_exec argv ["true"] in a cold sandbox (reported, no target)',
        coldResult === undefined
          ? 'bubblewrap unavailable'
          : `+${formatNs(pairedExtraNs(coldResult, bareResult))} vs a bare spawn`,
        'info',
      ],
      [
        'command form parse + policy (reported, no target)',
        `${parsePolicy.medianUs.toFixed(1)} µs median per command`,
        'info',
      ],
    ];
    const verdictTable = renderTable(
      ['target', 'measured', 'verdict'],
      [...verdicts.map((row) => [row.target, row.measured, row.pass ? 'PASS' : 'FAIL']), ...info],
    );
    const targets = `Shell targets (medians of this run, paired by round)\n${verdictTable}`;
    const report = `${spawnTable}\n\n${parseTable}\n\n${targets}\n\nAt the end: ${describeLoad()}`;
    log(report);
    return { results, pass: verdicts.every((row) => row.pass), parsePolicy, report };
  } finally {
    for (const subject of owned) await subject.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runShellBench();
  process.exitCode = result.pass ? 0 : 1;
}
