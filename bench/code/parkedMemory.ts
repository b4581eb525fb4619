// Memory per running script, in a fresh process under `node --expose-gc` (`measureMemory.ts`
// spawns it): `node --expose-gc --import @swc-node/register/esm-register bench/code/parkedMemory.ts 10 50`.
// For each count N: N `code_run`s started together, each parked on `await tools.park({})`
// (its isolate alive, waiting for the call); once all N wait, a full GC and a reading; then
// they are released and must all answer; a GC and a reading again. One line of JSON to stdout.
import { readFileSync } from 'node:fs';
import { completedValue, EMPTY_SCRIPT, runCode } from './codeSubjects.js';
import { createCodeExecutor } from './createCodeExecutor.js';

/** The script each parked run is: one slow call, then its answer. */
const PARKED_SCRIPT = 'await tools.park({});\nreturn 1;';

/** One reading of this process after a full GC, in bytes. */
export interface MemoryReading {
  /** Resident set (`VmRSS`). */
  readonly rss: number;
  /** Address space reserved (`VmSize`): every WebAssembly memory reserves its guard region. */
  readonly vmSize: number;
  readonly heapUsed: number;
  /** `process.memoryUsage().external` (WebAssembly memories count here). */
  readonly external: number;
}

/** N scripts parked at once: the readings before, while parked, and after they answered. */
export interface ParkedRun {
  readonly scripts: number;
  readonly before: MemoryReading;
  readonly parked: MemoryReading;
  readonly after: MemoryReading;
  /** Each run's `memoryBytes` (its instance's WebAssembly memory, read at its end): smallest and largest. */
  readonly memoryBytes: readonly [number, number];
  /** From the first start to all N parked, in ms. */
  readonly startMs: number;
}

function statusKb(status: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'mu').exec(status);
  return match === null ? Number.NaN : Number(match[1]) * 1024;
}

function read(): MemoryReading {
  const { gc } = globalThis as { gc?: () => void };
  if (gc === undefined) throw new Error('parkedMemory.ts needs node --expose-gc');
  gc();
  gc();
  const status = readFileSync('/proc/self/status', 'utf8');
  const usage = process.memoryUsage();
  return {
    rss: statusKb(status, 'VmRSS'),
    vmSize: statusKb(status, 'VmSize'),
    heapUsed: usage.heapUsed,
    external: usage.external,
  };
}

const counts = process.argv.slice(2).map(Number);
const { executor, park } = await createCodeExecutor();
// Warm-up: the first instances, every path compiled, in the baseline.
for (let i = 0; i < 10; i++) completedValue(await runCode(executor, EMPTY_SCRIPT));
const runs: ParkedRun[] = [];
for (const scripts of counts) {
  const before = read();
  const started = performance.now();
  const outcomes = Array.from({ length: scripts }, () => runCode(executor, PARKED_SCRIPT));
  await park.untilParked(scripts);
  const startMs = performance.now() - started;
  const parked = read();
  park.release();
  const memory: number[] = [];
  for (const outcome of await Promise.all(outcomes)) {
    const value = completedValue(outcome) as { result?: unknown };
    if (value.result !== 1 || outcome.status !== 'completed')
      throw new Error(`a parked run answered ${JSON.stringify(value)}`);
    memory.push(Number(outcome.result.metadata['memoryBytes']));
  }
  runs.push({
    scripts,
    before,
    parked,
    after: read(),
    memoryBytes: [Math.min(...memory), Math.max(...memory)],
    startMs,
  });
}
await executor.close();
process.stdout.write(`${JSON.stringify(runs)}\n`);
