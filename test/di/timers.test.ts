import { describe, expect, it } from '@jest/globals';
import { Container } from 'inversify';
import { agentkitModule, Tool, TOOL_EXECUTOR, type ToolContext, type ToolExecutionOutcome } from '../../src/index.js';
import { buildRequest } from './fixtures.js';

/** Timers that keep the process alive (unref'd ones do not count, as they hold nothing). */
function countHoldingTimers(): number {
  return process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;
}

/** Each call waits until it is released (or aborted): a call in flight, without a timer of its own. */
const waiting: (() => void)[] = [];

@Tool({ name: 'wait', description: 'Waits until the test releases it.', timeoutMs: 600_000 })
class WaitTool {
  public invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    return new Promise((resolve) => {
      waiting.push(() => {
        resolve('released');
      });
      ctx.signal.addEventListener(
        'abort',
        () => {
          resolve('aborted');
        },
        { once: true },
      );
    });
  }
}

function statusOf(outcome: ToolExecutionOutcome): string {
  return outcome.status === 'failed' ? `failed ${outcome.error.code}` : outcome.status;
}

async function settle(): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
}

describe('agentkitModule timers', () => {
  it('hold the process only while a call runs: none is left once calls end and the container is unbound', async () => {
    const container = new Container();
    container.bind(WaitTool).toSelf();
    container.load(agentkitModule());
    const executor = await container.getAsync(TOOL_EXECUTOR);
    // Counted right around the calls: timers other test files left in this worker may end at any time.
    await settle();
    const baseline = countHoldingTimers();
    const calls = [executor.execute(buildRequest('wait', {}, 'c1')), executor.execute(buildRequest('wait', {}, 'c2'))];
    await settle();
    const whileRunning = countHoldingTimers() - baseline;
    for (const release of waiting.splice(0)) release();
    const outcomes = (await Promise.all(calls)).map(statusOf);
    const after = countHoldingTimers() - baseline;
    await container.unbindAllAsync();
    await executor.close();

    expect({ whileRunning, outcomes, after }).toStrictEqual({
      whileRunning: 1,
      outcomes: ['completed', 'completed'],
      after: 0,
    });
  });

  it('leave none behind a call that timed out', async () => {
    const container = new Container();
    container.bind(WaitTool).toSelf();
    container.load(agentkitModule());
    const executor = await container.getAsync(TOOL_EXECUTOR);
    await settle();
    const baseline = countHoldingTimers();

    const outcome = await executor.execute(buildRequest('wait'), { timeoutMs: 20 });
    const after = countHoldingTimers() - baseline;
    waiting.splice(0);
    await executor.close();

    expect({ outcome: statusOf(outcome), after }).toStrictEqual({ outcome: 'failed interrupted', after: 0 });
  });
});
