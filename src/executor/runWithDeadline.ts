import { DeadlineRace, type DeadlineEnd, type RaceOwner } from './DeadlineRace.js';

export type { DeadlineEnd } from './DeadlineRace.js';

/** Receives how a guarded call ended. */
export type Settle<R> = (end: DeadlineEnd, value: unknown) => R;

/** What the guarded call can be told when it must stop. */
export interface Abortable {
  abort(reason: unknown): void;
}

/**
 * Runs `call` until it settles, `monotonicNow()` reaches `deadlineAt` or `external` aborts,
 * whichever comes first, and gives `settle` of how it ended. A call that returns or throws
 * synchronously is settled at once, with no timer. Otherwise, on timeout or cancellation
 * `target` is aborted so the work can stop, and the result comes at once. `settle` must not
 * throw: the promise never rejects. (`executor.reject` uses it; the executor's own steps are
 * raced by `runSteps`, on the same {@link DeadlineRace}.)
 */
export function runWithDeadline<T, R>(call: () => T | PromiseLike<T>, deadlineAt: number, target: Abortable, external: AbortSignal | undefined, settle: Settle<R>): R | Promise<R> {
  let pending: T | PromiseLike<T>;
  let then: unknown;
  try {
    pending = call();
    // Read once, inside the guard: a returned object's `then` may be a getter that throws.
    then = (pending as { then?: unknown } | null | undefined)?.then;
  } catch (thrown) {
    return settle('thrown', thrown);
  }
  if (typeof then !== 'function') return settle('value', pending);
  const running = pending;
  const owner: RaceOwner<R> = {
    stopRace: (reason) => {
      target.abort(reason);
    },
    settleRace: settle,
  };
  // The `then` read above, called once (the race guards a throw from it).
  const once = {
    then(onValue: (value: unknown) => void, onThrown: (thrown: unknown) => void): void {
      (then as (this: unknown, onValue: (value: unknown) => void, onThrown: (thrown: unknown) => void) => unknown).call(running, onValue, onThrown);
    },
  };
  return new DeadlineRace(deadlineAt, external, owner).race(once as unknown as PromiseLike<unknown>);
}
