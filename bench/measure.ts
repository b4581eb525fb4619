/**
 * A tiny measurement harness: warm-up, calibrated batches, medians.
 *
 * Per-call subjects are measured round-robin (one batch of each subject per round), so slow
 * drift of the machine (other processes, thermal state) lands on every subject alike and the
 * ratios between them stay honest. Calls in a batch run one after the other (each awaited):
 * the figure is the latency of one call, not throughput.
 */

/** One thing to measure: `call(i)` does one operation (the `i`-th of a batch). */
export interface Subject {
  readonly name: string;
  call(i: number): Promise<unknown>;
}

export interface PerCallOptions {
  /** Warm-up time per subject before calibration, in ms. */
  readonly warmupMs: number;
  /** Target duration of one batch, in ms (the batch size is calibrated to it). */
  readonly batchMs: number;
  /** Batches per subject; the median is reported. */
  readonly rounds: number;
}

export interface PerCallResult {
  readonly name: string;
  /** Median over the rounds of the mean time of one call in a batch, in ns. */
  readonly medianNs: number;
  /** Smallest and largest batch mean, in ns. */
  readonly minNs: number;
  readonly maxNs: number;
  readonly batchSize: number;
  readonly rounds: number;
  /** The batch mean of every round, in ns, in round order (for paired comparisons). */
  readonly samplesNs: readonly number[];
}

/**
 * The median over rounds of `subject`'s batch mean divided by `reference`'s in the same round:
 * batches of one round run back to back, so slow drift of the machine cancels out of each ratio.
 */
export function pairedRatio(subject: PerCallResult, reference: PerCallResult): number {
  const ratios = subject.samplesNs.map((ns, round) => ns / (reference.samplesNs[round] as number));
  return median(ratios);
}

export interface BurstOptions {
  /** Calls per burst, all started at once and awaited with Promise.all. */
  readonly size: number;
  readonly warmupRounds: number;
  readonly rounds: number;
}

export interface BurstResult {
  readonly name: string;
  /** Median wall time of one whole burst, in ms. */
  readonly medianMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  readonly size: number;
  readonly rounds: number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Runs `count` calls one after the other; returns the elapsed time in ms. */
async function runBatch(subject: Subject, count: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) await subject.call(i);
  return performance.now() - started;
}

/** Warms a subject up for about `warmupMs` and returns its estimated time per call in ns. */
async function warmUp(subject: Subject, warmupMs: number): Promise<number> {
  let calls = 0;
  let elapsed = 0;
  let chunk = 16;
  while (elapsed < warmupMs) {
    elapsed += await runBatch(subject, chunk);
    calls += chunk;
    chunk = Math.min(chunk * 2, 4096);
  }
  return (elapsed * 1e6) / calls;
}

/** Median time per call of every subject, measured round-robin. */
export async function measurePerCall(subjects: readonly Subject[], options: PerCallOptions): Promise<PerCallResult[]> {
  const batchSizes: number[] = [];
  for (const subject of subjects) {
    const estimateNs = await warmUp(subject, options.warmupMs);
    batchSizes.push(Math.max(16, Math.ceil((options.batchMs * 1e6) / estimateNs)));
  }
  const samples: number[][] = subjects.map(() => []);
  for (let round = 0; round < options.rounds; round++) {
    // Rotate the starting subject so none always runs right after the same neighbour.
    for (let k = 0; k < subjects.length; k++) {
      const index = (round + k) % subjects.length;
      const size = batchSizes[index] as number;
      const ms = await runBatch(subjects[index] as Subject, size);
      (samples[index] as number[]).push((ms * 1e6) / size);
    }
  }
  return subjects.map((subject, index) => {
    const perRound = samples[index] as number[];
    return {
      name: subject.name,
      medianNs: median(perRound),
      minNs: Math.min(...perRound),
      maxNs: Math.max(...perRound),
      batchSize: batchSizes[index] as number,
      rounds: perRound.length,
      samplesNs: perRound,
    };
  });
}

/** One burst: `size` calls started at once, awaited together; returns the wall time in ms. */
async function runBurst(subject: Subject, size: number): Promise<number> {
  const started = performance.now();
  const pending: Promise<unknown>[] = new Array<Promise<unknown>>(size);
  for (let i = 0; i < size; i++) pending[i] = subject.call(i);
  await Promise.all(pending);
  return performance.now() - started;
}

/** Median wall time of a burst of concurrent calls, for every subject, round-robin. */
export async function measureBurst(subjects: readonly Subject[], options: BurstOptions): Promise<BurstResult[]> {
  for (const subject of subjects) {
    for (let i = 0; i < options.warmupRounds; i++) await runBurst(subject, options.size);
  }
  const samples: number[][] = subjects.map(() => []);
  for (let round = 0; round < options.rounds; round++) {
    for (let k = 0; k < subjects.length; k++) {
      const index = (round + k) % subjects.length;
      (samples[index] as number[]).push(await runBurst(subjects[index] as Subject, options.size));
    }
  }
  return subjects.map((subject, index) => {
    const perRound = samples[index] as number[];
    return {
      name: subject.name,
      medianMs: median(perRound),
      minMs: Math.min(...perRound),
      maxMs: Math.max(...perRound),
      size: options.size,
      rounds: perRound.length,
    };
  });
}
