import { DeadlineScheduler } from './DeadlineScheduler.js';
import { isThenable } from './maybeAsync.js';

/** How a guarded call ended. */
export type DeadlineResult<T> =
  | { readonly kind: 'value'; readonly value: T }
  | { readonly kind: 'thrown'; readonly thrown: unknown }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'cancelled' };

const deadlines = new DeadlineScheduler();

/** What the guarded call can be told when it must stop. */
export interface Abortable {
  abort(reason: unknown): void;
}

/**
 * Runs `call` until it settles, `performance.now()` reaches `deadlineAt` or `external` aborts,
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
  settle: (result: DeadlineResult<T>) => R,
): R | Promise<R> {
  let pending: T | PromiseLike<T>;
  try {
    pending = call();
  } catch (thrown) {
    return settle({ kind: 'thrown', thrown });
  }
  if (!isThenable<T>(pending)) return settle({ kind: 'value', value: pending });
  const running = pending;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: DeadlineResult<T>): void => {
      if (settled) return;
      settled = true;
      deadlines.remove(deadline);
      external?.removeEventListener('abort', onAbort);
      resolve(settle(result));
    };
    const onAbort = (): void => {
      target.abort(external?.reason);
      finish({ kind: 'cancelled' });
    };
    const deadline = deadlines.add(deadlineAt, () => {
      target.abort(new Error('the call timed out'));
      finish({ kind: 'timeout' });
    });
    external?.addEventListener('abort', onAbort, { once: true });
    running.then(
      (value) => finish({ kind: 'value', value }),
      (thrown: unknown) => finish({ kind: 'thrown', thrown }),
    );
  });
}
