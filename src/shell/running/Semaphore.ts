import { ToolError } from '../../index.js';

/** Bounds how many shell calls run at once; the rest wait in arrival order. */
export class Semaphore {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  public constructor(public readonly size: number) {
    this.#free = size;
  }

  /** Waits for a slot; the returned function gives it back (once). A waiting call can be cancelled. */
  public async acquire(signal?: AbortSignal): Promise<() => void> {
    if (this.#free > 0) {
      this.#free--;
    } else {
      await new Promise<void>((resolve, reject) => {
        const wake = (): void => {
          signal?.removeEventListener('abort', cancel);
          resolve();
        };
        const cancel = (): void => {
          const at = this.#waiting.indexOf(wake);
          if (at !== -1) this.#waiting.splice(at, 1);
          reject(
            new ToolError('interrupted', 'The shell command was cancelled while it waited for a free slot.', {
              reason: 'cancelled',
            }),
          );
        };
        if (signal?.aborted === true) {
          cancel();
          return;
        }
        signal?.addEventListener('abort', cancel, { once: true });
        this.#waiting.push(wake);
      });
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next === undefined) this.#free++;
      else next();
    };
  }
}
