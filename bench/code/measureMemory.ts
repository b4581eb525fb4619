import type { ParkedRun } from './parkedMemory.js';
import { runNodeChild } from './runNodeChild.js';

/** Memory with N scripts parked at once, for each N, in one fresh process under `--expose-gc` (`parkedMemory.ts`). */
export async function measureMemory(counts: readonly number[]): Promise<ParkedRun[]> {
  const { stdout } = await runNodeChild(
    'parkedMemory.ts',
    counts.map((count) => String(count)),
    ['--expose-gc'],
  );
  return JSON.parse(stdout) as ParkedRun[];
}
