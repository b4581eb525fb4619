import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import type { Subject } from '../measure.js';

/** How much of `calls` sequential operations' wall time went to V8's garbage collector. */
export interface GcShare {
  readonly name: string;
  readonly calls: number;
  readonly wallMs: number;
  /** Full (mark-compact) collections and the ms they took. */
  readonly majorCount: number;
  readonly majorMs: number;
  /** Every collection, minor ones included, in ms. */
  readonly allMs: number;
}

function gcKind(entry: PerformanceEntry): number | undefined {
  return (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
}

/**
 * Runs `calls` operations of `subject` one after the other while a `gc` PerformanceObserver
 * listens: every WebAssembly memory a script's instance takes is external memory to V8, which
 * answers with full collections, whose cost grows with the host's heap.
 */
export async function measureGcShare(subject: Subject, calls: number): Promise<GcShare> {
  const entries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  const started = performance.now();
  for (let i = 0; i < calls; i++) await subject.call(i);
  const wallMs = performance.now() - started;
  // Entries are delivered asynchronously: let the last ones arrive.
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  const inside = entries.filter((entry) => entry.startTime >= started && entry.startTime <= started + wallMs);
  const major = inside.filter((entry) => gcKind(entry) === constants.NODE_PERFORMANCE_GC_MAJOR);
  const sum = (list: readonly PerformanceEntry[]): number => list.reduce((total, entry) => total + entry.duration, 0);
  return { name: subject.name, calls, wallMs, majorCount: major.length, majorMs: sum(major), allMs: sum(inside) };
}
