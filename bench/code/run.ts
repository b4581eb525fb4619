// `npm run bench -- code`: code mode. Figure 1, one `code_run` whose script makes 20 echo calls
// against 20 `executor.execute` calls of the same tool, one after another and concurrently;
// figure 2, the isolate's start, cold (fresh processes, `coldStart.ts`) and warm, with its
// layers; figure 3, memory per running script, from N scripts parked on a slow call at once
// (`parkedMemory.ts`, under --expose-gc). Reported, never asserted.
import { pathToFileURL } from 'node:url';
import { measurePerCall } from '../measure.js';
import { describeLoad } from '../report.js';
import { createCodeSubjects, type CodeSubject, type CodeSubjects } from './codeSubjects.js';
import { createCodeExecutor } from './createCodeExecutor.js';
import { createIsolateSubjects, type IsolateSubjects } from './isolateSubjects.js';
import { measureColdStart } from './measureColdStart.js';
import { measureGcShare } from './measureGcShare.js';
import { measureMemory } from './measureMemory.js';
import { renderCalls, renderMemory, renderStart, type CodeResults } from './renderCode.js';

const PER_CALL = { warmupMs: 200, batchMs: 30, rounds: 7 } as const;
const COLD_SAMPLES = 4;
const GC_CALLS = 40;
const PARKED_COUNTS = [10, 50] as const;

/** The code-mode benchmark; answers its report (also logged). */
export async function runCodeBench(log: (line: string) => void = console.log): Promise<string> {
  log(
    `Code: ${COLD_SAMPLES} cold processes, then memory with ${PARKED_COUNTS.join(' and ')} parked scripts (${describeLoad()}) ...`,
  );
  const cold = await measureColdStart(COLD_SAMPLES);
  const memory = await measureMemory(PARKED_COUNTS);
  const { executor } = await createCodeExecutor();
  try {
    const subjects: Record<keyof CodeSubjects | keyof IsolateSubjects, CodeSubject> = {
      ...createCodeSubjects(executor),
      ...(await createIsolateSubjects()),
    };
    const entries = Object.entries(subjects) as [keyof CodeResults, CodeSubject][];
    for (const [, subject] of entries) await subject.verify();
    log(
      `Code per operation: ${entries.length} subjects, ${PER_CALL.rounds} round-robin rounds of ~${PER_CALL.batchMs} ms batches (${describeLoad()}) ...`,
    );
    const measured = await measurePerCall(
      entries.map(([, subject]) => subject),
      PER_CALL,
    );
    const results = Object.fromEntries(entries.map(([key], index) => [key, measured[index]])) as CodeResults;
    const gcShares = [
      await measureGcShare(subjects.emptyScript, GC_CALLS),
      await measureGcShare(subjects.oneEcho, GC_CALLS * 100),
    ];
    const report = [
      renderCalls(results),
      renderStart(cold, results, gcShares),
      renderMemory(memory),
      `At the end: ${describeLoad()}`,
    ].join('\n\n');
    log(`\n${report}`);
    return report;
  } finally {
    await executor.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runCodeBench();
}
