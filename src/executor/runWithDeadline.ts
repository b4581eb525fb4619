import { DeadlineScheduler, type Deadline } from './DeadlineScheduler.js';

/**
 * How a guarded call ended: `value` (the second argument is what it returned), `thrown` (what
 * it threw), `timeout` or `cancelled`.
 */
export type DeadlineEnd = 'value' | 'thrown' | 'timeout' | 'cancelled';

/** Receives how a guarded call ended; passed as two arguments so no object is allocated. */
export type Settle<R> = (end: DeadlineEnd, value: unknown) => R;

const deadlines = new DeadlineScheduler();

/** What the guarded call can be told when it must stop. */
export interface Abortable {
  abort(reason: unknown): void;
}

/**
 * One running call: its deadline node (so the scheduler holds it directly) and whatever ends it
 * first. A single object per call instead of a closure per outcome.
 */
class GuardedCall<R> implements Deadline {
  public prev: Deadline | undefined = undefined;
  public next: Deadline | undefined = undefined;
  public pending = false;
  #settled = false;
  #onAbort: (() => void) | undefined;

  public constructor(
    public readonly at: number,
    private readonly target: Abortable,
    private readonly external: AbortSignal | undefined,
    private readonly settle: Settle<R>,
    private readonly resolve: (value: R) => void,
  ) {}

  public watch(): void {
    deadlines.add(this);
    if (this.external !== undefined) {
      this.#onAbort = () => {
        this.target.abort(this.external?.reason);
        this.finish('cancelled', undefined);
      };
      // A signal that aborted while the call was starting fires no event: act on it now.
      if (this.external.aborted) this.#onAbort();
      else this.external.addEventListener('abort', this.#onAbort, { once: true });
    }
  }

  public onExpire(): void {
    this.target.abort(new Error('the call timed out'));
    this.finish('timeout', undefined);
  }

  public finish(end: DeadlineEnd, value: unknown): void {
    if (this.#settled) return;
    this.#settled = true;
    deadlines.remove(this);
    if (this.#onAbort !== undefined) this.external?.removeEventListener('abort', this.#onAbort);
    this.resolve(this.settle(end, value));
  }
}

/**
 * Runs `call` until it settles, `monotonicNow()` reaches `deadlineAt` or `external` aborts,
 * whichever comes first, and gives `settle` of how it ended. A call that returns or throws
 * synchronously is settled at once, with no timer. Otherwise, on timeout or cancellation
 * `target` is aborted so the tool can stop, and the result comes at once; the call's own later
 * settlement is observed, never unhandled. `settle` must not throw: the promise never rejects.
 */
export function runWithDeadline<T, R>(
  call: () => T | PromiseLike<T>,
  deadlineAt: number,
  target: Abortable,
  external: AbortSignal | undefined,
  settle: Settle<R>,
): R | Promise<R> {
  let pending: T | PromiseLike<T>;
  let then: unknown;
  try {
    pending = call();
    // Read once, inside the guard: a returned object's `then` may be a getter that throws.
    then = (pending as { then?: unknown } | null | undefined)?.then;
  } catch (thrown) {
    return settle('thrown', thrown);
  }
  if (typeof then !== 'function') return settle('value', pending);
  const running = pending as PromiseLike<T>;
  return new Promise((resolve) => {
    const guarded = new GuardedCall(deadlineAt, target, external, settle, resolve);
    guarded.watch();
    try {
      (then as PromiseLike<T>['then']).call(
        running,
        (value) => {
          guarded.finish('value', value);
        },
        (thrown: unknown) => {
          guarded.finish('thrown', thrown);
        },
      );
    } catch (thrown) {
      // A thenable whose `then` throws has still run: the call ends with what it threw.
      guarded.finish('thrown', thrown);
    }
  });
}
