/** A value now, or later.
 */
export type MaybePromise<T> = T | Promise<T>;

/**
 * An answer that comes later: what awaiting needs of a promise (its `then`, called once with
 * both callbacks). Every `Promise` is one; so is what `readLater` makes of a thenable.
 */
export interface Later<T> {
  /** Calls `onValue` with the value, or `onThrown` with what it failed with, once. */
  then(onValue: (value: T) => void, onThrown: (thrown: unknown) => void): unknown;
}

/**
 * A later answer the core itself builds (its `then` a method of its own class, not a property a
 * value could fake): `readLater` takes it as it is, like a native promise.
 */
export abstract class LaterAnswer<T> implements Later<T> {
  public abstract then(onValue: (value: T) => void, onThrown: (thrown: unknown) => void): unknown;
}

/**
 * `raw`'s value passed through {@link map}, as a promise-like that costs no promise of its own:
 * its `then` attaches straight to `raw` (one reaction, no extra turn), and a throw from `map`
 * rejects like a throw from a `then` callback. `await` reads it as it reads a promise.
 */
export abstract class MappedLater<T> extends LaterAnswer<T> implements PromiseLike<T> {
  protected constructor(private readonly raw: PromiseLike<unknown>) {
    super();
  }

  /** What `raw`'s value becomes. */
  protected abstract map(value: unknown): T;

  public then<A = T, B = never>(
    onValue?: ((value: T) => A | PromiseLike<A>) | null,
    onThrown?: ((thrown: unknown) => B | PromiseLike<B>) | null,
  ): PromiseLike<A | B> {
    return this.raw.then((value) => {
      let mapped: T;
      try {
        mapped = this.map(value);
      } catch (thrown) {
        if (typeof onThrown === 'function') return onThrown(thrown);
        throw thrown;
      }
      return typeof onValue === 'function' ? onValue(mapped) : (mapped as unknown as A);
    }, onThrown);
  }
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
  if (value instanceof Promise || value instanceof LaterAnswer) return value as Later<unknown>;
  const then: unknown = (value as { then?: unknown } | null | undefined)?.then;
  if (typeof then !== 'function') return undefined;
  return {
    then: (onValue, onThrown) =>
      (then as (this: unknown, ...callbacks: unknown[]) => unknown).call(value, onValue, onThrown),
  };
}

/** `value` as a promise, without wrapping one that already is. */
export function toPromise<T>(value: MaybePromise<T>): Promise<T> {
  return value instanceof Promise ? value : Promise.resolve(value);
}
