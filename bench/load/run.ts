import { describeEnvironment, describeLoad } from '../report.js';
import { runCapsSection } from './capsSection.js';
import { runHttpSection } from './httpSection.js';
import { runInProcessSection } from './inProcessSection.js';
import type { LoadSection, SectionOptions } from './LoadSection.js';
import { renderLoadResult, renderLoadSummary, renderReadings, signed } from './renderLoad.js';
import { collectGarbage } from './takeReading.js';

/**
 * `npm run bench:load`: 100,000 mixed calls in process (32 at a time), then 4,000 of the same
 * mix through `agentkit-tools serve --http` with 8 clients (a few minutes on the shared 2-core
 * machine: `--http-calls 100000` for the issue's full count). Prints throughput, p50/p99 and
 * what each watched process held before and after; the last line is the verdict, and the exit
 * code is 1 when a call was lost, when file descriptors (sockets aside, unless stale) or child
 * processes are not back at their baseline, or when the heap grew past
 * {@link HEAP_GROWTH_LIMIT_MB} (plus what the approvals a store keeps on purpose take).
 * Then the caps section: the bin with small caps (`--max-sessions 64 --max-approvals 256`),
 * driven far past both (`--caps-calls`, default 2,000 units), its heap flat.
 * `npm run bench:load -- in-process --calls 10000` runs one section, smaller.
 */
const DEFAULTS = {
  calls: 100_000,
  warmupCalls: 2_000,
  concurrency: 32,
  httpCalls: 4_000,
  httpWarmupCalls: 500,
  httpClients: 8,
  capsCalls: 2_000,
  capsClients: 4,
  unitDeadlineMs: 60_000,
} as const;
/** The caps the caps section serves with: small, so that a short run goes far past them. */
const CAPS = { maxSessions: 64, maxApprovals: 256 } as const;

/** Heap growth after a full GC that counts as a leak: 100,000 calls keeping 100 bytes each would be ~10 MB. */
const HEAP_GROWTH_LIMIT_MB = 8;
/**
 * What one approval kept by the in-memory store may take, where the run cannot make the store
 * let go of them (the served bin's): the in-process section measures ~3 KB each.
 */
const KEPT_APPROVAL_KB = 4;

function numberOption(args: readonly string[], name: string, fallback: number, min: number): number {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} needs a whole number from ${min}, got ${JSON.stringify(args[at + 1])}`);
  return value;
}

const args = process.argv.slice(2);
const options: SectionOptions = {
  // Room for the warm-up, the two prunes of the approval store and some measured calls.
  totalCalls: numberOption(args, '--calls', DEFAULTS.calls, DEFAULTS.warmupCalls + 1_000),
  warmupCalls: DEFAULTS.warmupCalls,
  concurrency: numberOption(args, '--concurrency', DEFAULTS.concurrency, 1),
  unitDeadlineMs: DEFAULTS.unitDeadlineMs,
  log: console.log,
};
collectGarbage(); // fails early without --expose-gc
console.log(describeEnvironment());

const httpOptions: SectionOptions = {
  ...options,
  totalCalls: numberOption(args, '--http-calls', DEFAULTS.httpCalls, DEFAULTS.httpWarmupCalls + 100),
  warmupCalls: DEFAULTS.httpWarmupCalls,
  concurrency: DEFAULTS.httpClients,
};
const capsOptions: SectionOptions = {
  ...options,
  totalCalls: numberOption(args, '--caps-calls', DEFAULTS.capsCalls, 1),
  warmupCalls: 0,
  concurrency: DEFAULTS.capsClients,
};
const SECTIONS: Readonly<Record<string, () => Promise<LoadSection>>> = {
  'in-process': () => runInProcessSection(options),
  http: () => runHttpSection(httpOptions),
  caps: () => runCapsSection(capsOptions, CAPS),
};
// Names among the arguments (not options or their values) run only those sections.
const wanted = args.filter((arg, index) => !arg.startsWith('--') && !(args[index - 1] ?? '').startsWith('--'));
const unknown = wanted.filter((name) => !(name in SECTIONS));
if (unknown.length > 0)
  throw new Error(`unknown section(s) ${unknown.join(', ')}; known: ${Object.keys(SECTIONS).join(', ')}`);
const sections: LoadSection[] = [];
for (const [name, run] of Object.entries(SECTIONS)) {
  if (wanted.length === 0 || wanted.includes(name)) sections.push(await run());
}

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
  for (const other of others.filter((run) => run.lost > 0))
    console.log(
      `${renderLoadSummary(other)} (not measured)\n${other.lostSamples.map((sample) => `  lost: ${sample}`).join('\n')}`,
    );
  for (const entry of watched) {
    console.log(`\n${renderReadings(`${result.target}: ${entry.label}`, entry)}`);
    const { before, after, label } = entry;
    // File descriptors and children right after the run; the heap once kept approvals are let go, when the target can show that.
    const settled = entry.afterRetention ?? after;
    // Pooled HTTP connections come and go with the load, so sockets count only when stale (their peer gone).
    const grown = {
      heapMb: settled.heapMb - before.heapMb,
      fds: after.fds - before.fds + after.staleSockets,
      children: after.children - before.children,
    };
    heapMb += grown.heapMb;
    fds += grown.fds;
    children += grown.children;
    if (after.fds !== before.fds)
      failures.push(
        `${result.target}, ${label}: ${signed(after.fds - before.fds)} file descriptors (TCP sockets aside)`,
      );
    if (after.staleSockets > 0)
      failures.push(
        `${result.target}, ${label}: ${after.staleSockets} sockets neither listening nor established (a connection its peer closed, never closed here)`,
      );
    if (grown.children !== 0) failures.push(`${result.target}, ${label}: ${signed(grown.children)} child processes`);
    // Where the store could not be pruned, the approvals it keeps on purpose are allowed for.
    const kept =
      entry.afterRetention === undefined && entry.approvalsHeld !== undefined
        ? entry.approvalsHeld.after - entry.approvalsHeld.before
        : 0;
    const limitMb = HEAP_GROWTH_LIMIT_MB + (kept * KEPT_APPROVAL_KB) / 1024;
    if (kept > 0)
      console.log(
        `heap limit for ${label}: +${HEAP_GROWTH_LIMIT_MB} MB + ${kept} approvals kept by its in-memory store x ${KEPT_APPROVAL_KB} KB = +${limitMb.toFixed(1)} MB`,
      );
    if (entry.afterRetention !== undefined && entry.approvalsHeld?.afterRetention !== undefined) {
      const released = entry.approvalsHeld.after - entry.approvalsHeld.afterRetention;
      if (released > 0)
        console.log(
          `the in-memory store let go of ${released} approvals: ${(((after.heapMb - entry.afterRetention.heapMb) * 1024) / released).toFixed(1)} KB of heap each`,
        );
    }
    if (grown.heapMb > limitMb)
      failures.push(`${result.target}, ${label}: heap ${signed(grown.heapMb, 1)} MB (limit +${limitMb.toFixed(1)} MB)`);
  }
}
if (lost > 0) failures.push(`${lost} calls lost in all`);
console.log(`\nAt the end: ${describeLoad()}`);
for (const failure of failures) console.log(`FAIL: ${failure}`);
console.log(
  `load: ${calls} calls, ${lost} lost, heap ${signed(heapMb, 1)} MB, fds ${signed(fds)}, children ${signed(children)}`,
);
process.exitCode = failures.length === 0 ? 0 : 1;
