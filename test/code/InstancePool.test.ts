import { describe, expect, it } from '@jest/globals';
import { InstancePool } from '../../src/code/isolate/InstancePool.js';

const MEMORY = 32 * 1024 * 1024;

describe('InstancePool', () => {
  it("reuses a clean instance for the same session's next script only", async () => {
    const pool = new InstancePool();
    const first = await pool.acquire('a', MEMORY);
    pool.release('a', MEMORY, first);
    expect(await pool.acquire('b', MEMORY)).not.toBe(first);
    expect(await pool.acquire('a', 2 * MEMORY)).not.toBe(first);
    expect(await pool.acquire('a', MEMORY)).toBe(first);
    // Taken: the next script of the session gets a new one.
    expect(await pool.acquire('a', MEMORY)).not.toBe(first);
  });

  it('drops an instance whose memory grew, and keeps at most four', async () => {
    const pool = new InstancePool();
    const grown = await pool.acquire('a', MEMORY);
    const runtime = grown.newRuntime();
    const context = runtime.newContext();
    context.evalCode('globalThis.keep = "x".repeat(24 * 1024 * 1024)').dispose();
    context.dispose();
    runtime.dispose();
    pool.release('a', MEMORY, grown);
    expect(await pool.acquire('a', MEMORY)).not.toBe(grown);

    const kept = await Promise.all(['1', '2', '3', '4', '5'].map((session) => pool.acquire(session, MEMORY)));
    kept.forEach((module, index) => {
      pool.release(String(index + 1), MEMORY, module);
    });
    // The oldest (session 1's) went first.
    expect(await pool.acquire('1', MEMORY)).not.toBe(kept[0]);
    expect(await pool.acquire('5', MEMORY)).toBe(kept[4]);
  });
});
