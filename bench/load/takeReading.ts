import { readHoldings, readRssMb, type ProcessHoldings } from './processProbe.js';

/** One reading of a process: heap after a full GC, descriptors, child processes, resident set. */
export interface Reading extends ProcessHoldings {
  readonly heapMb: number;
  readonly rssMb: number;
}

/** `gc()` from `node --expose-gc`; the load run refuses to start without it (heap readings mean little with garbage in them). */
export function collectGarbage(): void {
  const { gc } = globalThis as { gc?: () => void };
  if (gc === undefined) throw new Error('bench:load needs node --expose-gc (npm run bench:load passes it)');
  gc();
}

/** Reads this process after a full GC. */
export function readSelf(): Reading {
  collectGarbage();
  const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
  return { heapMb, ...readHoldings(process.pid), rssMb: readRssMb(process.pid) };
}

/** Reads another process; `heapMb` is what it reported after its own GC. */
export function readOther(pid: number, heapMb: number): Reading {
  return { heapMb, ...readHoldings(pid), rssMb: readRssMb(pid) };
}
