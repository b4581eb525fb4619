import { createHttpTarget } from './httpTarget.js';
import type { LoadSection, SectionOptions, WatchedProcess } from './LoadSection.js';
import { createLoadTree } from './loadTree.js';
import { renderLoadSummary } from './renderLoad.js';
import { runLoad } from './runLoad.js';
import { readOther, readSelf, type Reading } from './takeReading.js';

/**
 * The HTTP section: the bin serving over Streamable HTTP in a child process, `clients` SDK
 * sessions each running its units one after the other (so `options.concurrency` is the number
 * of clients); a warm-up, readings of the server (heap over IPC after its own GC, fds, children)
 * and of this process (the clients), the measured calls, the same readings. The server's store
 * cannot be pruned from here: the approvals it holds (every one issued) are counted instead.
 */
export async function runHttpSection(options: SectionOptions): Promise<LoadSection> {
  const tree = createLoadTree();
  const target = await createHttpTarget(tree, options.concurrency);
  /**
   * A socket whose peer closed a moment ago is stale until the event loop of its process turns:
   * a stale one is read again after a turn (the server's: one more IPC round trip), so only one
   * that stays counts.
   */
  const readServer = async (): Promise<Reading> => {
    const reading = readOther(target.server.pid, await target.server.readHeapMb());
    return reading.staleSockets === 0 ? reading : readOther(target.server.pid, await target.server.readHeapMb());
  };
  const readClients = async (): Promise<Reading> => {
    const reading = readSelf();
    if (reading.staleSockets === 0) return reading;
    await new Promise((resolve) => setImmediate(resolve));
    return readSelf();
  };
  try {
    const load = { concurrency: options.concurrency, unitDeadlineMs: options.unitDeadlineMs, log: options.log };
    options.log(`${target.name}: warm-up, ${options.warmupCalls} calls ...`);
    const warmup = await runLoad(target, { ...load, totalCalls: options.warmupCalls });
    options.log(renderLoadSummary(warmup));
    const before: [Reading, Reading] = [await readServer(), await readClients()];
    const heldBefore = target.approvalsIssued();
    const measured = options.totalCalls - options.warmupCalls;
    options.log(`${target.name}: ${measured} calls ...`);
    const result = await runLoad(target, { ...load, totalCalls: measured });
    const after: [Reading, Reading] = [await readServer(), await readClients()];
    const heldAfter = target.approvalsIssued();
    const watched: WatchedProcess[] = [
      {
        label: `the server (pid ${target.server.pid})`,
        heapLabel: 'heap used',
        before: before[0],
        after: after[0],
        approvalsHeld: { before: heldBefore, after: heldAfter },
      },
      { label: 'this process (the clients)', heapLabel: 'heap used', before: before[1], after: after[1] },
    ];
    return { result, others: [warmup], watched };
  } finally {
    await target.close();
    tree.remove();
  }
}
