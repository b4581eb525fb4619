import { DeadlineScheduler } from './DeadlineScheduler.js';

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

/** When and how long a guarded call may run. */
export interface DeadlineOptions {
  /** `performance.now()` when the call started. */
  readonly startedAt: number;
  readonly timeoutMs: number;
  /** Aborted on timeout or cancellation so the tool can stop. */
  readonly target: Abortable;
  readonly external: AbortSignal | undefined;
}

/**
 * Runs `call` until it settles, the timeout passes or `external` aborts, whichever comes
 * first, and resolves with `settle` of how it ended. On timeout or cancellation the result
 * comes at once; the call's own later settlement is observed, never unhandled. `settle` must
 * not throw: the promise never rejects.
 */
export function runWithDeadline<T, R>(
  call: () => T | PromiseLike<T>,
  options: DeadlineOptions,
  settle: (result: DeadlineResult<T>) => R,
): Promise<R> {
  const { timeoutMs, target, external } = options;
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
    const deadline = deadlines.add(options.startedAt + timeoutMs, () => {
      target.abort(new Error(`timed out after ${timeoutMs} ms`));
      finish({ kind: 'timeout' });
    });
    external?.addEventListener('abort', onAbort, { once: true });
    try {
      const pending: unknown = call();
      if (typeof (pending as PromiseLike<T> | null)?.then === 'function') {
        (pending as PromiseLike<T>).then(
          (value) => finish({ kind: 'value', value }),
          (thrown: unknown) => finish({ kind: 'thrown', thrown }),
        );
      } else {
        finish({ kind: 'value', value: pending as T });
      }
    } catch (thrown) {
      finish({ kind: 'thrown', thrown });
    }
  });
}
