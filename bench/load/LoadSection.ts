import type { LoadResult } from './runLoad.js';
import type { Reading } from './takeReading.js';

/** A process watched around a load run: its readings after warm-up and after the run (each after a GC). */
export interface WatchedProcess {
  readonly label: string;
  /** What `heapMb` is for this process (`heap used`, or what the server reported). */
  readonly heapLabel: string;
  readonly before: Reading;
  readonly after: Reading;
  /**
   * In process only: once the approval store has pruned with its clock past the retention
   * window, the heap without the approvals the store keeps on purpose (the baseline was taken
   * the same way). The heap verdict uses it when present; file descriptors and children are
   * judged right after the run.
   */
  readonly afterRetention?: Reading;
  /** Approvals the in-memory store held at each reading, when the target can tell. */
  readonly approvalsHeld?: { readonly before: number; readonly after: number; readonly afterRetention?: number };
}

/** One section of the load run: the calls and what the processes held before and after. */
export interface LoadSection {
  /** The measured calls: throughput and latency figures come from these. */
  readonly result: LoadResult;
  /** The calls around the measured ones (warm-up, prunes): counted in the total and in the lost, not in the figures. */
  readonly others: readonly LoadResult[];
  readonly watched: readonly WatchedProcess[];
}

/** The settings every section shares. */
export interface SectionOptions {
  /** Every call of the section, the warm-up's included. */
  readonly totalCalls: number;
  /** The first calls, made before the baseline reading (the prune before it included). */
  readonly warmupCalls: number;
  readonly concurrency: number;
  readonly unitDeadlineMs: number;
  readonly log: (line: string) => void;
}
