import { describe, expect, it } from '@jest/globals';
import { Semaphore } from '../../src/shell/running/Semaphore.js';

describe(Semaphore.name, () => {
  describe('.acquire', () => {
    it('hands out at most `size` slots, then serves waiters in order', async () => {
      const slots = new Semaphore(2);
      const order: string[] = [];
      const releaseA = await slots.acquire();
      const releaseB = await slots.acquire();
      const c = slots.acquire().then((release) => (order.push('c'), release));
      const d = slots.acquire().then((release) => (order.push('d'), release));
      await Promise.resolve();
      order.push('before release');
      releaseA();
      releaseA(); // a second call gives nothing back
      const releaseC = await c;
      releaseB();
      await d;
      releaseC();

      expect(order).toStrictEqual(['before release', 'c', 'd']);
    });

    it('rejects a waiter whose signal aborts, and gives its turn to the next', async () => {
      const slots = new Semaphore(1);
      const release = await slots.acquire();
      const controller = new AbortController();
      const cancelled = slots.acquire(controller.signal);
      const next = slots.acquire();
      controller.abort();

      await expect(cancelled).rejects.toMatchObject({ code: 'interrupted', details: { reason: 'cancelled' } });
      release();
      await expect(next).resolves.toBeInstanceOf(Function);
    });

    it('rejects at once when the signal is already aborted and no slot is free', async () => {
      const slots = new Semaphore(1);
      await slots.acquire();

      await expect(slots.acquire(AbortSignal.abort())).rejects.toMatchObject({ code: 'interrupted' });
    });
  });
});
