import type { Later } from '../contract/maybeAsync.js';

/** Milliseconds on the monotonic clock (`performance.now()`), bound once: cheaper per call. */
export const monotonicNow: () => number = performance.now.bind(performance);

/**
 * How an awaited answer ended: `value` (what it resolved to), `thrown` (what it rejected with),
 * `timeout` (its deadline passed first) or `cancelled` (the signal aborted, or the race was
 * {@link DeadlineRace.abort aborted}, first).
 */
export type DeadlineEnd = 'value' | 'thrown' | 'timeout' | 'cancelled';

/**
 * All deadlines on one timer. Races sit in an intrusive list, so adding and removing one
 * allocates and hashes nothing; the timer is rescheduled only when a new deadline is earlier
 * than the one it waits for, and it keeps the process alive only while deadlines are pending.
 */
class DeadlineScheduler {
  #head: DeadlineRace<unknown> | undefined;
  #size = 0;
  #timer: NodeJS.Timeout | undefined;
  #timerAt = Number.POSITIVE_INFINITY;

  public add(race: DeadlineRace<unknown>): void {
    race.prev = undefined;
    race.next = this.#head;
    race.pending = true;
    if (this.#head !== undefined) this.#head.prev = race;
    this.#head = race;
    if (this.#size++ === 0) this.#timer?.ref();
    if (race.at < this.#timerAt) this.#schedule(race.at);
  }

  public remove(race: DeadlineRace<unknown>): void {
    if (!race.pending) return;
    race.pending = false;
    if (race.prev === undefined) this.#head = race.next;
    else race.prev.next = race.next;
    if (race.next !== undefined) race.next.prev = race.prev;
    race.prev = undefined;
    race.next = undefined;
    if (--this.#size === 0) this.#timer?.unref();
  }

  #schedule(at: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(
      () => {
        this.#fire();
      },
      Math.max(0, at - monotonicNow()),
    );
    if (this.#size === 0) this.#timer.unref();
  }

  #fire(): void {
    this.#timer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
    const now = monotonicNow();
    const expired: DeadlineRace<unknown>[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (let node = this.#head; node !== undefined; node = node.next) {
      if (node.at <= now) expired.push(node);
      else if (node.at < next) next = node.at;
    }
    for (const race of expired) {
      this.remove(race);
      race.expire();
    }
    if (next !== Number.POSITIVE_INFINITY) this.#schedule(next);
  }
}

const deadlines = new DeadlineScheduler();

/**
 * An answer awaited until it settles, its deadline (`at`, on {@link monotonicNow}) passes or
 * `signal` aborts, whichever comes first: the one place that watches all three, for the
 * executor's runner and `executor.reject`. A subclass says what to tell the work when it must
 * stop ({@link stop}) and what each ending becomes ({@link settle}, which must not throw: the race
 * never rejects). One object per race, its deadline node included; a deadline of `Infinity`
 * schedules nothing. The answer's later settlement is observed ({@link onSettled}), never unhandled.
 */
export abstract class DeadlineRace<R> {
  /** @internal links of the scheduler's list */
  public prev: DeadlineRace<unknown> | undefined = undefined;
  /** @internal */
  public next: DeadlineRace<unknown> | undefined = undefined;
  /** @internal */
  public pending = false;
  /** @internal links of an executor's {@link RacesInFlight} */
  public flightPrev: DeadlineRace<unknown> | undefined = undefined;
  /** @internal */
  public flightNext: DeadlineRace<unknown> | undefined = undefined;
  /** @internal */
  public inFlight = false;
  #settled = false;
  #resolve: ((value: R | PromiseLike<R>) => void) | undefined;
  #onAbort: (() => void) | undefined;

  protected constructor(
    public readonly at: number,
    private readonly signal: AbortSignal | undefined,
  ) {}

  /** Tells the awaited work to stop (its deadline passed, or it was cancelled). */
  protected abstract stop(reason: unknown): void;
  /** What the race resolves to, by how it ended. Must not throw. */
  protected abstract settle(end: DeadlineEnd, value: unknown): R | PromiseLike<R>;
  /** The awaited answer itself settled (maybe after the race ended). */
  protected onSettled(): void {
    // Nothing by default.
  }

  /** Awaits `running` (its `then` called once; a throw from it ends the race as `thrown`). */
  public race(running: Later<unknown>): Promise<R> {
    return new Promise<R>((resolve) => {
      this.#resolve = resolve;
      if (this.at !== Number.POSITIVE_INFINITY) deadlines.add(this as DeadlineRace<unknown>);
      const { signal } = this;
      if (signal !== undefined) {
        this.#onAbort = () => {
          this.abort(signal.reason);
        };
        // A signal that aborted while the work was starting fires no event: act on it now.
        if (signal.aborted) this.#onAbort();
        else signal.addEventListener('abort', this.#onAbort, { once: true });
      }
      try {
        running.then(
          (value) => {
            this.onSettled();
            this.#finish('value', value);
          },
          (thrown: unknown) => {
            this.onSettled();
            this.#finish('thrown', thrown);
          },
        );
      } catch (thrown) {
        this.onSettled();
        this.#finish('thrown', thrown);
      }
    });
  }

  /** Stops the work now and ends the race `cancelled` (the caller's signal, or `executor.close()`). */
  public abort(reason: unknown): void {
    if (this.#settled) return;
    this.stop(reason);
    this.#finish('cancelled', undefined);
  }

  /** @internal The scheduler's call: the deadline passed. */
  public expire(): void {
    this.stop(new Error('the call timed out'));
    this.#finish('timeout', undefined);
  }

  #finish(end: DeadlineEnd, value: unknown): void {
    if (this.#settled) return;
    this.#settled = true;
    deadlines.remove(this as DeadlineRace<unknown>);
    if (this.#onAbort !== undefined) this.signal?.removeEventListener('abort', this.#onAbort);
    this.#resolve?.(this.settle(end, value));
  }
}

/**
 * The races of one executor still awaiting a step or a body: what `executor.close()` stops and
 * waits for. An intrusive list, like the scheduler's: adding and removing a race allocates and
 * hashes nothing (a `Set` of a burst's races costs more than the calls themselves).
 */
export class RacesInFlight {
  #head: DeadlineRace<unknown> | undefined;
  #size = 0;
  #drained: (() => void) | undefined;

  /** @internal */
  public add(race: DeadlineRace<unknown>): void {
    race.flightPrev = undefined;
    race.flightNext = this.#head;
    race.inFlight = true;
    if (this.#head !== undefined) this.#head.flightPrev = race;
    this.#head = race;
    this.#size++;
  }

  /** @internal */
  public delete(race: DeadlineRace<unknown>): void {
    if (!race.inFlight) return;
    race.inFlight = false;
    if (race.flightPrev === undefined) this.#head = race.flightNext;
    else race.flightPrev.flightNext = race.flightNext;
    if (race.flightNext !== undefined) race.flightNext.flightPrev = race.flightPrev;
    race.flightPrev = undefined;
    race.flightNext = undefined;
    if (--this.#size === 0) this.#drained?.();
  }

  /** Stops every call in flight (`cancelled`), and resolves once their work settled or `graceMs` passed. */
  public stopAll(reason: unknown, graceMs: number): Promise<void> {
    const races: DeadlineRace<unknown>[] = [];
    for (let race = this.#head; race !== undefined; race = race.flightNext) races.push(race);
    for (const race of races) race.abort(reason);
    if (this.#size === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, graceMs);
      this.#drained = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
