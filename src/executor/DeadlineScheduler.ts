/** One pending deadline. */
export interface Deadline {
  readonly at: number;
  readonly onExpire: () => void;
}

/**
 * All call deadlines on one timer. Adding and removing a deadline is a set operation; the
 * timer is rescheduled only when a new deadline is earlier than the one it waits for. The
 * timer keeps the process alive only while deadlines are pending.
 */
export class DeadlineScheduler {
  readonly #pending = new Set<Deadline>();
  #timer: NodeJS.Timeout | undefined;
  #timerAt = Number.POSITIVE_INFINITY;

  /** Calls `onExpire` once `performance.now()` reaches `at`, unless removed first. */
  public add(at: number, onExpire: () => void): Deadline {
    const deadline: Deadline = { at, onExpire };
    if (this.#pending.size === 0) this.#timer?.ref();
    this.#pending.add(deadline);
    if (deadline.at < this.#timerAt) this.#schedule(deadline.at);
    return deadline;
  }

  public remove(deadline: Deadline): void {
    if (this.#pending.delete(deadline) && this.#pending.size === 0) this.#timer?.unref();
  }

  #schedule(at: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(() => this.#fire(), Math.max(0, at - performance.now()));
  }

  #fire(): void {
    this.#timer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
    const now = performance.now();
    let next = Number.POSITIVE_INFINITY;
    for (const deadline of this.#pending) {
      if (deadline.at <= now) {
        this.#pending.delete(deadline);
        deadline.onExpire();
      } else if (deadline.at < next) {
        next = deadline.at;
      }
    }
    if (next !== Number.POSITIVE_INFINITY) this.#schedule(next);
  }
}
