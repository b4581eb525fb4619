import { formatMs, formatNs, formatRatio, renderTable } from '../format.js';
import { median, pairedRatio, type PerCallResult } from '../measure.js';
import type { CodeSubjects } from './codeSubjects.js';
import { CALLS_PER_SCRIPT } from './codeSubjects.js';
import type { IsolateSubjects } from './isolateSubjects.js';
import type { ColdStartRun } from './measureColdStart.js';
import type { GcShare } from './measureGcShare.js';
import type { MemoryReading, ParkedRun } from './parkedMemory.js';

/** The per-call results by subject. */
export type CodeResults = Readonly<Record<keyof CodeSubjects | keyof IsolateSubjects, PerCallResult>>;

/** The median over rounds of `subject`'s batch mean minus `reference`'s in the same round, in ns. */
function pairedExtraNs(subject: PerCallResult, reference: PerCallResult): number {
  return median(subject.samplesNs.map((ns, round) => ns - (reference.samplesNs[round] as number)));
}

function perCallRow(row: PerCallResult, reference?: PerCallResult): string[] {
  return [
    row.name,
    formatNs(row.medianNs),
    `${formatNs(row.minNs)} - ${formatNs(row.maxNs)}`,
    reference === undefined ? '' : formatRatio(pairedRatio(row, reference)),
    reference === undefined ? '' : formatNs(pairedExtraNs(row, reference)),
    `${row.rounds} x ${row.batchSize}`,
  ];
}

const PER_CALL_HEADER = [
  'one operation (sequential)',
  'median/op',
  'batch range',
  'vs ref (paired)',
  '+ vs ref (paired)',
  'rounds x ops',
];

/** Figure 1: one script of 20 calls against 20 direct calls, sequential and concurrent. */
export function renderCalls(results: CodeResults): string {
  const n = CALLS_PER_SCRIPT;
  const table = renderTable(PER_CALL_HEADER, [
    perCallRow(results.directSequential),
    perCallRow(results.scriptSequential, results.directSequential),
    perCallRow(results.directConcurrent),
    perCallRow(results.scriptConcurrent, results.directConcurrent),
    perCallRow(results.oneEcho),
  ]);
  const inScriptNs = pairedExtraNs(results.scriptSequential, results.emptyScript) / n;
  // A script's instance (and the collections its memory brings) dwarfs its calls: the fastest batches show the calls.
  const inScriptMinNs = (results.scriptSequential.minNs - results.emptyScript.minNs) / n;
  const summary = renderTable(
    ['derived (medians of per-round pairs)', 'figure'],
    [
      [
        `code_run of ${n} sequential calls / ${n} sequential executor.execute`,
        formatRatio(pairedRatio(results.scriptSequential, results.directSequential)),
      ],
      [
        `code_run of ${n} calls in Promise.all / ${n} concurrent executor.execute`,
        formatRatio(pairedRatio(results.scriptConcurrent, results.directConcurrent)),
      ],
      [
        `code_run, Promise.all / one after another`,
        formatRatio(pairedRatio(results.scriptConcurrent, results.scriptSequential)),
      ],
      [`one tools.echo inside a script: (${n}-call script - return 1) / ${n}`, formatNs(inScriptNs)],
      [`  the same from the fastest batches (min - min) / ${n}`, formatNs(inScriptMinNs)],
      [`one executor.execute(echo) outside`, formatNs(results.oneEcho.medianNs)],
      [
        `  ratio (medians; fastest batches)`,
        `${formatRatio(inScriptNs / results.oneEcho.medianNs)}; ${formatRatio(inScriptMinNs / results.oneEcho.minNs)}`,
      ],
    ],
  );
  return `Figure 1: ${n} echo calls, in one code_run script against ${n} executor.execute calls (one warm executor; ref = the direct row above)\n${table}\n\n${summary}`;
}

function spread(values: readonly number[]): string {
  return `${formatMs(median(values))} (${formatMs(Math.min(...values))} - ${formatMs(Math.max(...values))})`;
}

/** Figure 2: the isolate's start, cold (fresh processes) and warm (this one), and its layers. */
export function renderStart(cold: readonly ColdStartRun[], results: CodeResults, gcShares: readonly GcShare[]): string {
  const pick = (field: keyof ColdStartRun): number[] => cold.map((run) => run[field]);
  const coldTable = renderTable(
    [`cold: ${cold.length} fresh processes, one after another`, 'median (min - max)'],
    [
      ['process start to the script (node + swc loader)', spread(pick('processMs'))],
      ['import agentkit core + code entries (through swc)', spread(pick('agentkitImportMs'))],
      ['import quickjs-emscripten-core + variant (JS)', spread(pick('quickjsImportMs'))],
      ['QuickJS compile: read .wasm + WebAssembly.compile', spread(pick('compileMs'))],
      ['getAsync(TOOL_EXECUTOR) (QuickJS already compiled)', spread(pick('executorMs'))],
      ['first code_run `return 1` in the process', spread(pick('firstRunMs'))],
      ['second code_run `return 1`', spread(pick('secondRunMs'))],
      ['median of the next 9 in that process', spread(pick('warmRunMs'))],
      ['process start to the first answer', spread(pick('toFirstAnswerMs'))],
      ['whole process, spawn to exit (13 code_runs)', spread(pick('wallMs'))],
    ],
  );
  const firstOverWarm = median(cold.map((run) => run.firstRunMs / run.warmRunMs));
  const secondOverWarm = median(cold.map((run) => run.secondRunMs / run.warmRunMs));
  const memory = [...new Set(cold.map((run) => run.memoryBytes))].map((bytes) => `${bytes / 2 ** 20} MiB`).join(', ');
  const warmTable = renderTable(PER_CALL_HEADER, [
    perCallRow(results.emptyScript),
    perCallRow(results.script, results.emptyScript),
    perCallRow(results.isolate, results.emptyScript),
    perCallRow(results.instance, results.emptyScript),
  ]);
  const gcTable = renderTable(
    ['garbage collection during N sequential operations', 'wall', 'full GCs', 'in full GCs', 'in every GC'],
    gcShares.map((share) => [
      `${share.calls} x ${share.name}`,
      formatMs(share.wallMs),
      String(share.majorCount),
      `${formatMs(share.majorMs)} (${((100 * share.majorMs) / share.wallMs).toFixed(0)}%)`,
      `${formatMs(share.allMs)} (${((100 * share.allMs) / share.wallMs).toFixed(0)}%)`,
    ]),
  );
  return [
    `Figure 2: the isolate's start`,
    coldTable,
    `first code_run / warm one, in the same process (median of per-process ratios): ${formatRatio(firstOverWarm)}; second / warm: ${formatRatio(secondOverWarm)}; memoryBytes of a return-1 run: ${memory}`,
    '',
    `warm (this process, QuickJS compiled; ref = code_run return 1)`,
    warmTable,
    '',
    gcTable,
  ].join('\n');
}

function mb(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(2)} MB`;
}

function gb(bytes: number): string {
  return `${(bytes / 2 ** 30).toFixed(1)} GiB`;
}

/** Figure 3: what a running script holds, per script, from N scripts parked at once. */
export function renderMemory(runs: readonly ParkedRun[]): string {
  const grew = (run: ParkedRun, field: keyof MemoryReading): number => run.parked[field] - run.before[field];
  const left = (run: ParkedRun, field: keyof MemoryReading): number => run.after[field] - run.before[field];
  const rows = runs.flatMap((run) => {
    const n = run.scripts;
    const line = (label: string, field: keyof MemoryReading, unit: (bytes: number) => string): string[] => [
      `${n} parked: ${label}`,
      unit(grew(run, field)),
      unit(grew(run, field) / n),
      unit(left(run, field)),
    ];
    return [
      line('RSS (VmRSS)', 'rss', mb),
      line('V8 heap used', 'heapUsed', mb),
      line('external (WebAssembly memories)', 'external', mb),
      line('address space (VmSize)', 'vmSize', gb),
    ];
  });
  const table = renderTable(
    ['after a full GC, while N scripts wait on tools.park', 'growth', 'per script', 'left after release'],
    rows,
  );
  const notes = runs.map(
    (run) =>
      `${run.scripts} scripts: all parked ${formatMs(run.startMs)} after the first start; each run's memoryBytes ${run.memoryBytes.map((bytes) => `${bytes / 2 ** 20} MiB`).join(' - ')}; baseline RSS ${mb(run.before.rss)}`,
  );
  return `Figure 3: memory per running script (a fresh process under --expose-gc)\n${table}\n${notes.join('\n')}`;
}
