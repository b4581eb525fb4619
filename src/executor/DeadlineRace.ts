import { DeadlineScheduler, type Deadline } from './DeadlineScheduler.js';

/**
 * How an awaited promise ended: `value` (what it resolved to), `thrown` (what it rejected with),
 * `timeout` (its deadline passed first) or `cancelled` (the signal aborted first).
 */
export type DeadlineEnd = 'value' | 'thrown' | 'timeout' | 'cancelled';

const deadlines = new DeadlineScheduler();

/** Who awaits a {@link DeadlineRace}: what to tell the work when it must stop, and what each ending becomes. */
export interface RaceOwner<R> {
  /** Tells the awaited work to stop (its deadline passed, or the signal aborted). */
  stopRace(reason: unknown): void;
  /** What the race resolves to, by how it ended. Must not throw: the race never rejects. */
  settleRace(end: DeadlineEnd, value: unknown): R | PromiseLike<R>;
}

/**
 * A promise raced against a deadline and an abort signal, whichever ends first: the one place
 * that watches both, for the executor's steps and `executor.reject`. The race is one object,
 * its deadline node included, instead of a closure per ending; a deadline of `Infinity`
 * schedules nothing. The awaited promise's later settlement is observed, never unhandled.
 */
export class DeadlineRace<R> implements Deadline {
  public prev: Deadline | undefined = undefined;
  public next: Deadline | undefined = undefined;
  public pending = false;
  #settled = false;
  #resolve: ((value: R | PromiseLike<R>) => void) | undefined;
  #onAbort: (() => void) | undefined;

  public constructor(
    public readonly at: number,
    private readonly signal: AbortSignal | undefined,
    private readonly owner: RaceOwner<R>,
  ) {}

  public race(running: PromiseLike<unknown>): Promise<R> {
    return new Promise<R>((resolve) => {
      this.#resolve = resolve;
      if (this.at !== Number.POSITIVE_INFINITY) deadlines.add(this);
      const { signal } = this;
      if (signal !== undefined) {
        this.#onAbort = () => {
          this.owner.stopRace(signal.reason);
          this.#finish('cancelled', undefined);
        };
        // A signal that aborted while the work was starting fires no event: act on it now.
        if (signal.aborted) this.#onAbort();
        else signal.addEventListener('abort', this.#onAbort, { once: true });
      }
      try {
        running.then(
          (value) => {
            this.#finish('value', value);
          },
          (thrown: unknown) => {
            this.#finish('thrown', thrown);
          },
        );
      } catch (thrown) {
        // A thenable whose `then` throws has still run: the race ends with what it threw.
        this.#finish('thrown', thrown);
      }
    });
  }

  public onExpire(): void {
    this.owner.stopRace(new Error('the call timed out'));
    this.#finish('timeout', undefined);
  }

  #finish(end: DeadlineEnd, value: unknown): void {
    if (this.#settled) return;
    this.#settled = true;
    deadlines.remove(this);
    if (this.#onAbort !== undefined) this.signal?.removeEventListener('abort', this.#onAbort);
    this.#resolve?.(this.owner.settleRace(end, value));
  }
}
