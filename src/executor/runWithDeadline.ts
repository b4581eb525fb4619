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

/**
 * Runs `call` until it settles, `timeoutMs` passes or `external` aborts, whichever comes
 * first. On timeout or cancellation `target` is aborted so the tool can stop, and the result
 * comes at once; the call's own later settlement is observed, never unhandled. Never rejects.
 */
export function runWithDeadline<T>(
  call: () => T | PromiseLike<T>,
  timeoutMs: number,
  target: Abortable,
  external: AbortSignal | undefined,
): Promise<DeadlineResult<T>> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: DeadlineResult<T>): void => {
      if (settled) return;
      settled = true;
      deadlines.remove(deadline);
      external?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const onAbort = (): void => {
      target.abort(external?.reason);
      finish({ kind: 'cancelled' });
    };
    const deadline = deadlines.add(timeoutMs, () => {
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
