import type { ServerResponse } from 'node:http';

/**
 * Waits until every response in `inFlight` has closed (the set shrinks as they do), or `ms` pass.
 * True when they all closed in time.
 */
export function waitForDrain(inFlight: Set<ServerResponse>, ms: number): Promise<boolean> {
  if (inFlight.size === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const pending = [...inFlight];
    let left = pending.length;
    const timer = setTimeout(() => resolve(false), ms);
    for (const response of pending) {
      const done = (): void => {
        left -= 1;
        if (left === 0) {
          clearTimeout(timer);
          resolve(true);
        }
      };
      if (response.closed) done();
      else response.once('close', done);
    }
  });
}
