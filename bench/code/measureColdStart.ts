import type { ColdStartSample } from './coldStart.js';
import { runNodeChild } from './runNodeChild.js';

/** One cold sample with the wall time of its whole process (spawn to exit). */
export interface ColdStartRun extends ColdStartSample {
  readonly wallMs: number;
}

/** `samples` fresh processes, one after the other, each its own cold start (`coldStart.ts`). */
export async function measureColdStart(samples: number): Promise<ColdStartRun[]> {
  const runs: ColdStartRun[] = [];
  for (let i = 0; i < samples; i++) {
    const { stdout, wallMs } = await runNodeChild('coldStart.ts', []);
    runs.push({ ...(JSON.parse(stdout) as ColdStartSample), wallMs });
  }
  return runs;
}
