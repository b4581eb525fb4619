import { DeadlineScheduler, type Deadline } from './DeadlineScheduler.js';

/**
 * How an awaited promise ended: `value` (what it resolved to), `thrown` (what it rejected with),
 * `timeout` (its deadline passed first) or `cancelled` (the signal aborted first).
 */
export type DeadlineEnd = 'value' | 'thrown' | 'timeout' | 'cancelled';

const deadlines = new DeadlineScheduler();

/**
 * A promise raced against a deadline and an abort signal, whichever ends first: the one place
 * that watches both. A subclass says what to tell the awaited work when it must stop (`stop`)
 * and what each ending becomes (`settle`, which must not throw: the race never rejects). The
 * race is one object, its deadline node included, instead of a closure per ending; a deadline
 * of `Infinity` schedules nothing. The awaited promise's later settlement is observed, never
 * unhandled.
 */
export abstract class DeadlineRace<R> implements Deadline {
  public prev: Deadline | undefined = undefined;
  public next: Deadline | undefined = undefined;
  public pending = false;
  #settled = false;
  #resolve: ((value: R | PromiseLike<R>) => void) | undefined;
  #onAbort: (() => void) | undefined;

  protected constructor(
    public readonly at: number,
    private readonly signal: AbortSignal | undefined,
  ) {}

  /** Tells the awaited work to stop (its deadline passed, or the signal aborted). */
  protected abstract stop(reason: unknown): void;

  /** What the race resolves to, by how it ended. Must not throw. */
  protected abstract settle(end: DeadlineEnd, value: unknown): R | PromiseLike<R>;

  public race(running: PromiseLike<unknown>): Promise<R> {
    return new Promise<R>((resolve) => {
      this.#resolve = resolve;
      if (this.at !== Number.POSITIVE_INFINITY) deadlines.add(this);
      const { signal } = this;
      if (signal !== undefined) {
        this.#onAbort = () => {
          this.stop(signal.reason);
          this.#finish('cancelled', undefined);
        };
        // A signal that aborted while the work was starting fires no event: act on it now.
        if (signal.aborted) this.#onAbort();
        else signal.addEventListener('abort', this.#onAbort, { once: true });
      }
      running.then(
        (value) => this.#finish('value', value),
        (thrown: unknown) => this.#finish('thrown', thrown),
      );
    });
  }

  public onExpire(): void {
    this.stop(new Error('the call timed out'));
    this.#finish('timeout', undefined);
  }

  #finish(end: DeadlineEnd, value: unknown): void {
    if (this.#settled) return;
    this.#settled = true;
    deadlines.remove(this);
    if (this.#onAbort !== undefined) this.signal?.removeEventListener('abort', this.#onAbort);
    this.#resolve?.(this.settle(end, value));
  }
}
