import { describeEnvironment, describeLoad } from '../report.js';
import { runInProcessSection } from './inProcessSection.js';
import type { LoadSection, SectionOptions } from './LoadSection.js';
import { renderLoadResult, renderLoadSummary, renderReadings, signed } from './renderLoad.js';
import { collectGarbage } from './takeReading.js';

/**
 * `npm run bench:load`: 100,000 mixed calls in process, then (when the bin serves HTTP) the same
 * through `agentkit-tools serve --http` with 8 clients. Prints throughput, p50/p99 and what each
 * watched process held before and after; the last line is the verdict, and the exit code is
 * non-zero when a call was lost, or file descriptors or child processes did not return to
 * their baseline, or the heap grew past {@link HEAP_GROWTH_LIMIT_MB}.
 * `npm run bench:load -- --calls 10000` makes a shorter run.
 */
const DEFAULTS = { calls: 100_000, warmupCalls: 2_000, concurrency: 32, unitDeadlineMs: 60_000 } as const;

/** Heap growth after a full GC that counts as a leak: 100,000 calls keeping 100 bytes each would be ~10 MB. */
export const HEAP_GROWTH_LIMIT_MB = 8;

function numberOption(args: readonly string[], name: string, fallback: number): number {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} needs a whole number from 1, got ${JSON.stringify(args[at + 1])}`);
  return value;
}

const args = process.argv.slice(2);
const options: SectionOptions = {
  totalCalls: numberOption(args, '--calls', DEFAULTS.calls),
  warmupCalls: DEFAULTS.warmupCalls,
  concurrency: numberOption(args, '--concurrency', DEFAULTS.concurrency),
  unitDeadlineMs: DEFAULTS.unitDeadlineMs,
  log: console.log,
};
collectGarbage(); // fails early without --expose-gc
console.log(describeEnvironment());

const sections: LoadSection[] = [await runInProcessSection(options)];

let calls = 0;
let lost = 0;
let heapMb = 0;
let fds = 0;
let children = 0;
const failures: string[] = [];
for (const { result, others, watched } of sections) {
  console.log(`\n${renderLoadResult(result)}`);
  for (const run of [result, ...others]) {
    calls += run.calls;
    lost += run.lost;
  }
  for (const other of others.filter((run) => run.lost > 0)) console.log(`${renderLoadSummary(other)} (not measured)\n${other.lostSamples.map((sample) => `  lost: ${sample}`).join('\n')}`);
  for (const entry of watched) {
    console.log(`\n${renderReadings(`${result.target}: ${entry.label}`, entry)}`);
    const { before, after, label } = entry;
    // File descriptors and children right after the run; the heap once kept approvals are let go, when the target can show that.
    const settled = entry.afterRetention ?? after;
    const grown = { heapMb: settled.heapMb - before.heapMb, fds: after.fds - before.fds, children: after.children - before.children };
    heapMb += grown.heapMb;
    fds += grown.fds;
    children += grown.children;
    if (grown.fds !== 0) failures.push(`${result.target}, ${label}: ${signed(grown.fds)} file descriptors`);
    if (grown.children !== 0) failures.push(`${result.target}, ${label}: ${signed(grown.children)} child processes`);
    if (grown.heapMb > HEAP_GROWTH_LIMIT_MB) failures.push(`${result.target}, ${label}: heap ${signed(grown.heapMb, 1)} MB (limit +${HEAP_GROWTH_LIMIT_MB} MB)`);
  }
}
if (lost > 0) failures.push(`${lost} calls lost in all`);
console.log(`\nAt the end: ${describeLoad()}`);
for (const failure of failures) console.log(`FAIL: ${failure}`);
console.log(`load: ${calls} calls, ${lost} lost, heap ${signed(heapMb, 1)} MB, fds ${signed(fds)}, children ${signed(children)}`);
process.exitCode = failures.length === 0 ? 0 : 1;
