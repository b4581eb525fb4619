import { createInProcessTarget } from './inProcessTarget.js';
import type { LoadSection, SectionOptions } from './LoadSection.js';
import { createLoadTree } from './loadTree.js';
import { runLoad, type LoadResult } from './runLoad.js';
import { renderLoadSummary } from './renderLoad.js';
import { readSelf } from './takeReading.js';

/** Refused writes while the pruning clock is moved: each issues one approval, and the store prunes every 256 issued. */
const PRUNE_CALLS = 256;

/**
 * The in-process section: a warm-up (so lazily built state, such as compiled schemas and the
 * shell parser, is in the baseline), a reading, the measured calls, a reading. Before each
 * reading but the one right after the run, the approval store's pruning clock is moved past
 * its retention and {@link PRUNE_CALLS} refused writes make it prune (then the clock is put
 * back), so the baseline and the last reading hold at most a prune period's approvals: the
 * heap without what the store keeps on purpose.
 */
export async function runInProcessSection(options: SectionOptions): Promise<LoadSection> {
  const tree = createLoadTree();
  const target = await createInProcessTarget(tree);
  const held = (): number => target.approvalsHeld?.() ?? Number.NaN;
  try {
    const load = { concurrency: options.concurrency, unitDeadlineMs: options.unitDeadlineMs, log: options.log };
    const prune = async (): Promise<LoadResult> => {
      target.movePruneClock?.(true);
      try {
        return await runLoad(target, { ...load, totalCalls: PRUNE_CALLS, kinds: ['reject'] });
      } finally {
        target.movePruneClock?.(false);
      }
    };
    options.log(`${target.name}: warm-up, ${options.warmupCalls} calls ...`);
    const warmup = await runLoad(target, { ...load, totalCalls: options.warmupCalls - PRUNE_CALLS });
    options.log(renderLoadSummary(warmup));
    const prunedBefore = await prune();
    const before = readSelf();
    const heldBefore = held();
    const measured = options.totalCalls - options.warmupCalls - PRUNE_CALLS;
    options.log(`${target.name}: ${measured} calls, ${options.concurrency} at a time ...`);
    const result = await runLoad(target, { ...load, totalCalls: measured });
    const after = readSelf();
    const heldAfter = held();
    const prunedAfter = await prune();
    const afterRetention = readSelf();
    return {
      result,
      others: [warmup, prunedBefore, prunedAfter],
      watched: [
        {
          label: 'this process',
          heapLabel: 'heap used',
          before,
          after,
          afterRetention,
          approvalsHeld: { before: heldBefore, after: heldAfter, afterRetention: held() },
        },
      ],
    };
  } finally {
    await target.close();
    tree.remove();
  }
}
