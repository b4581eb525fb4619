/** How a guarded call ended. */
export type DeadlineResult<T> =
  | { readonly kind: 'value'; readonly value: T }
  | { readonly kind: 'thrown'; readonly thrown: unknown }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'cancelled' };

/**
 * Runs `call` until it settles, `timeoutMs` passes or `external` aborts, whichever comes
 * first. On timeout or cancellation `controller` is aborted so the tool can stop, and the
 * result is returned at once; the call's own later settlement is observed, never unhandled.
 */
export function runWithDeadline<T>(
  call: () => Promise<T>,
  timeoutMs: number,
  controller: AbortController,
  external: AbortSignal | undefined,
): Promise<DeadlineResult<T>> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: DeadlineResult<T>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      external?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const onAbort = (): void => {
      controller.abort(external?.reason);
      finish({ kind: 'cancelled' });
    };
    const timer = setTimeout(() => {
      controller.abort(new Error(`timed out after ${timeoutMs} ms`));
      finish({ kind: 'timeout' });
    }, timeoutMs);
    external?.addEventListener('abort', onAbort, { once: true });
    let promise: Promise<T>;
    try {
      promise = call();
    } catch (thrown) {
      finish({ kind: 'thrown', thrown });
      return;
    }
    promise.then(
      (value) => finish({ kind: 'value', value }),
      (thrown: unknown) => finish({ kind: 'thrown', thrown }),
    );
  });
}
