import { DeadlineScheduler } from './DeadlineScheduler.js';
import { isThenable } from './maybeAsync.js';

/**
 * How a guarded call ended: `value` (the second argument is what it returned), `thrown` (what
 * it threw), `timeout` or `cancelled`.
 */
export type DeadlineEnd = 'value' | 'thrown' | 'timeout' | 'cancelled';

/** Receives how a guarded call ended; passed as two arguments so no object is allocated. */
export type Settle<R> = (end: DeadlineEnd, value: unknown) => R;

const deadlines = new DeadlineScheduler();

/** What the guarded call can be told when it must stop. */
export interface Abortable {
  abort(reason: unknown): void;
}

/**
 * Runs `call` until it settles, `monotonicNow()` reaches `deadlineAt` or `external` aborts,
 * whichever comes first, and gives `settle` of how it ended. A call that returns or throws
 * synchronously is settled at once, with no timer. Otherwise, on timeout or cancellation
 * `target` is aborted so the tool can stop, and the result comes at once; the call's own later
 * settlement is observed, never unhandled. `settle` must not throw: the promise never rejects.
 */
export function runWithDeadline<T, R>(
  call: () => T | PromiseLike<T>,
  deadlineAt: number,
  target: Abortable,
  external: AbortSignal | undefined,
  settle: Settle<R>,
): R | Promise<R> {
  let pending: T | PromiseLike<T>;
  try {
    pending = call();
  } catch (thrown) {
    return settle('thrown', thrown);
  }
  if (!isThenable<T>(pending)) return settle('value', pending);
  const running = pending;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (end: DeadlineEnd, value: unknown): void => {
      if (settled) return;
      settled = true;
      deadlines.remove(deadline);
      if (external !== undefined) external.removeEventListener('abort', onAbort);
      resolve(settle(end, value));
    };
    const onAbort = (): void => {
      target.abort(external?.reason);
      finish('cancelled', undefined);
    };
    const deadline = deadlines.add(deadlineAt, () => {
      target.abort(new Error('the call timed out'));
      finish('timeout', undefined);
    });
    if (external !== undefined) external.addEventListener('abort', onAbort, { once: true });
    running.then(
      (value) => finish('value', value),
      (thrown: unknown) => finish('thrown', thrown),
    );
  });
}
