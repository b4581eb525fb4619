import { buildSchedule, type CallKind } from './callMix.js';
import type { LoadTarget, UnitContext } from './LoadTarget.js';

export interface LoadOptions {
  /** Model calls to make in all (units are scheduled to add up to exactly this). */
  readonly totalCalls: number;
  /** Units in flight at once (in process) or clients (over HTTP): each worker runs its units one after the other. */
  readonly concurrency: number;
  /** A unit not settled by then is counted lost (and the run goes on without it). */
  readonly unitDeadlineMs: number;
  /** Only these kinds (default: every kind the target makes). */
  readonly kinds?: readonly CallKind[];
  readonly log?: (line: string) => void;
}

export interface KindFigures {
  readonly kind: CallKind;
  readonly units: number;
  readonly calls: number;
  readonly lost: number;
  /** Per-call latencies in ms, sorted. */
  readonly latenciesMs: readonly number[];
}

export interface LoadResult {
  readonly target: string;
  readonly calls: number;
  readonly lost: number;
  /** The first few reasons calls were lost, for the report. */
  readonly lostSamples: readonly string[];
  readonly elapsedMs: number;
  readonly perKind: readonly KindFigures[];
  /** Every call's latency in ms, sorted. */
  readonly latenciesMs: readonly number[];
}

/** The value at quantile `q` (0..1) of sorted `values`, nearest rank. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

class DeadlineExceeded extends Error {}

/** Settles with `work`, or rejects with {@link DeadlineExceeded} after `ms` (the timer is cleared either way). */
async function withDeadline(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new DeadlineExceeded(`not settled within ${ms} ms`));
    }, ms);
  });
  try {
    await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs the schedule against `target` with `concurrency` workers pulling units from one queue.
 * A unit whose call throws, returns an outcome of another shape, or misses the deadline counts
 * all its calls as lost; the run always goes on to the end.
 */
export async function runLoad(target: LoadTarget, options: LoadOptions): Promise<LoadResult> {
  const schedule = buildSchedule(options.totalCalls, options.kinds ?? target.kinds, (kind) => target.callsOf(kind));
  const figures = new Map<CallKind, { units: number; calls: number; lost: number; latenciesMs: number[] }>();
  const figuresOf = (kind: CallKind) => {
    let entry = figures.get(kind);
    if (entry === undefined) figures.set(kind, (entry = { units: 0, calls: 0, lost: 0, latenciesMs: [] }));
    return entry;
  };
  const lostSamples: string[] = [];
  const progressEvery = Math.max(1, Math.floor(schedule.length / 10));
  let next = 0;
  let done = 0;
  const started = performance.now();

  const worker = async (workerIndex: number): Promise<void> => {
    for (let position = next++; position < schedule.length; position = next++) {
      const { index, kind } = schedule[position] as (typeof schedule)[number];
      const entry = figuresOf(kind);
      const latencies: number[] = [];
      const context: UnitContext = {
        index,
        worker: workerIndex,
        time: async (call) => {
          const start = performance.now();
          const value = await call();
          latencies.push(performance.now() - start);
          return value;
        },
      };
      entry.units += 1;
      entry.calls += target.callsOf(kind);
      try {
        await withDeadline(target.runUnit(kind, context), options.unitDeadlineMs);
        entry.latenciesMs.push(...latencies);
      } catch (error) {
        entry.lost += target.callsOf(kind);
        if (lostSamples.length < 5)
          lostSamples.push(`${kind} #${index}: ${error instanceof Error ? error.message : String(error)}`);
      }
      done += 1;
      if (done % progressEvery === 0)
        options.log?.(
          `  ${target.name}: ${Math.round((done / schedule.length) * 100)}% of ${schedule.length} units (${Math.round(performance.now() - started)} ms)`,
        );
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, (_, index) => worker(index)));
  const elapsedMs = performance.now() - started;

  const perKind = [...figures.entries()].map(([kind, entry]) => ({
    kind,
    units: entry.units,
    calls: entry.calls,
    lost: entry.lost,
    latenciesMs: entry.latenciesMs.sort((a, b) => a - b),
  }));
  return {
    target: target.name,
    calls: perKind.reduce((sum, entry) => sum + entry.calls, 0),
    lost: perKind.reduce((sum, entry) => sum + entry.lost, 0),
    lostSamples,
    elapsedMs,
    perKind,
    latenciesMs: perKind.flatMap((entry) => entry.latenciesMs).sort((a, b) => a - b),
  };
}
