import type { CallKind } from './callMix.js';

/** Times one model call of a unit (from the first request to its settled outcome, approval round trip included). */
export type TimeCall = <T>(call: () => Promise<T>) => Promise<T>;

/** What a unit of the run knows: its place in the schedule, the worker running it, and the call timer. */
export interface UnitContext {
  readonly index: number;
  readonly worker: number;
  readonly time: TimeCall;
}

/** A place the load run sends its calls: the executor in this process, or a served one over HTTP. */
export interface LoadTarget {
  readonly name: string;
  /** The kinds this target can make (the served bin has no echo tool, for one). */
  readonly kinds: readonly CallKind[];
  /** How many model calls a unit of `kind` makes. */
  callsOf(kind: CallKind): number;
  /**
   * Runs one unit: its calls, each checked against the outcome it must have. Throws when an
   * outcome has another shape (a lost call).
   */
  runUnit(kind: CallKind, context: UnitContext): Promise<void>;
  /** The pid whose file descriptors and children are watched (this process, or the server's). */
  readonly pid: number;
  /** Approvals the target's in-memory store holds (used ones included), when it can tell. */
  approvalsHeld?(): number;
  /**
   * Moves the approval store's pruning clock past its retention (expiry + 1 h), or back: while
   * moved, its next prune (every 256 issued approvals) drops every approval issued so far.
   */
  movePruneClock?(passed: boolean): void;
  /** Releases everything the target holds. */
  close(): Promise<void>;
}
