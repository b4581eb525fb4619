/** A value now, or later. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * An answer that comes later: what awaiting needs of a promise (its `then`, called once with
 * both callbacks). Every `Promise` is one; so is what {@link readLater} makes of a thenable.
 */
export interface Later<T> {
  /** Calls `onValue` with the value, or `onThrown` with what it failed with, once. */
  then(onValue: (value: T) => void, onThrown: (thrown: unknown) => void): unknown;
}

/** True for promises and other thenables. */
export function isThenable<T = unknown>(value: unknown): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/**
 * The guard for answers that may be hostile thenables: `value` as a {@link Later} when it is a
 * thenable, else `undefined`. Its `then` is read exactly once, here (a getter may throw: the
 * throw reaches the caller, inside its own guard), and the `then` read is the one called later,
 * so a getter that answers differently the second time cannot slip past.
 */
export function readLater(value: unknown): Later<unknown> | undefined {
  if (value instanceof Promise) return value as Promise<unknown>;
  const then: unknown = (value as { then?: unknown } | null | undefined)?.then;
  if (typeof then !== 'function') return undefined;
  return {
    then: (onValue, onThrown) => (then as (this: unknown, ...callbacks: unknown[]) => unknown).call(value, onValue, onThrown),
  };
}

/** `value` as a promise, without wrapping one that already is. */
export function toPromise<T>(value: MaybePromise<T>): Promise<T> {
  return value instanceof Promise ? value : Promise.resolve(value);
}
