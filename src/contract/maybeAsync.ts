/** A value now, or later. */
export type MaybePromise<T> = T | Promise<T>;

/** True for promises and other thenables. */
export function isThenable<T = unknown>(value: unknown): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/** `value` as a promise, without wrapping one that already is. */
export function toPromise<T>(value: MaybePromise<T>): Promise<T> {
  return value instanceof Promise ? value : Promise.resolve(value);
}
