import { monotonicNow } from './monotonicNow.js';

/** One pending deadline: a node of the scheduler's list (the caller's own object). */
export interface Deadline {
  readonly at: number;
  onExpire(): void;
  /** @internal list links, kept by the scheduler */
  prev: Deadline | undefined;
  next: Deadline | undefined;
  pending: boolean;
}

/**
 * All call deadlines on one timer. Deadlines sit in an intrusive list, so adding and removing
 * one allocates and hashes nothing; the timer is rescheduled only when a new deadline is
 * earlier than the one it waits for, and it keeps the process alive only while deadlines are
 * pending.
 */
export class DeadlineScheduler {
  #head: Deadline | undefined;
  #size = 0;
  #timer: NodeJS.Timeout | undefined;
  #timerAt = Number.POSITIVE_INFINITY;

  /** Calls `deadline.onExpire()` once `monotonicNow()` reaches `deadline.at`, unless removed first. */
  public add(deadline: Deadline): void {
    const { at } = deadline;
    deadline.prev = undefined;
    deadline.next = this.#head;
    deadline.pending = true;
    if (this.#head !== undefined) this.#head.prev = deadline;
    this.#head = deadline;
    if (this.#size++ === 0) this.#timer?.ref();
    if (at < this.#timerAt) this.#schedule(at);
  }

  public remove(deadline: Deadline): void {
    if (!deadline.pending) return;
    deadline.pending = false;
    if (deadline.prev === undefined) this.#head = deadline.next;
    else deadline.prev.next = deadline.next;
    if (deadline.next !== undefined) deadline.next.prev = deadline.prev;
    deadline.prev = undefined;
    deadline.next = undefined;
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
    const expired: Deadline[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (let node = this.#head; node !== undefined; node = node.next) {
      if (node.at <= now) expired.push(node);
      else if (node.at < next) next = node.at;
    }
    for (const deadline of expired) {
      this.remove(deadline);
      deadline.onExpire();
    }
    if (next !== Number.POSITIVE_INFINITY) this.#schedule(next);
  }
}
