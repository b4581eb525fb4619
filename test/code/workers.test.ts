import { afterEach, describe, expect, it } from '@jest/globals';
import { buildToolResult, type ToolExecutor, type ToolRequest } from '../../src/index.js';
import { plainTool } from '../fixtures/plainTool.js';
import { createCodeHost } from './fixtures/createCodeHost.js';

const executors: ToolExecutor[] = [];
afterEach(async () => {
  for (const executor of executors.splice(0)) await executor.close();
});

function request(code: string, callId: string, sessionId: string): ToolRequest {
  return { callId, toolName: 'code_run', input: { code }, sessionId, turnId: 't', metadata: {} };
}

const RUNAWAY = 'const big = new Array(200000).fill("abc"); for (;;) big.join(",");';

describe('code_run scripts in worker threads', () => {
  it("runs a session's scripts side by side, and keeps other sessions' scripts alive when one overruns", async () => {
    const slow = plainTool({
      name: 'slow',
      invoke: async (call) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return buildToolResult(call, { type: 'structured', value: call.input });
      },
    });
    const executor = await createCodeHost({ tools: [slow], code: { timeoutMs: 1500 } });
    executors.push(executor);
    const steady = (n: number, session: string) =>
      executor.execute(request(`return (await tools.slow({ n: ${n} })).n;`, `steady-${session}-${n}`, session));
    const outcomes = await Promise.all([
      ...[1, 2, 3].map((n) => steady(n, 'a')),
      executor.execute(request(RUNAWAY, 'runaway', 'b')),
      ...[4, 5].map((n) => steady(n, 'c')),
    ]);
    const summary = outcomes.map((outcome) =>
      outcome.status === 'completed' && outcome.result.result.output.type === 'structured'
        ? (outcome.result.result.output.value as { result: unknown }).result
        : outcome.status === 'failed'
          ? outcome.error.details['reason']
          : outcome.status,
    );
    expect(summary).toStrictEqual([1, 2, 3, 'timeout', 4, 5]);
    // The session whose worker was ended runs its next script in a new one.
    const after = await executor.execute(request('return 7;', 'after', 'b'));
    expect(after).toMatchObject({ status: 'completed', result: { result: { output: { value: { result: 7 } } } } });
  }, 60_000);

  it("ends the session's other scripts in the worker it terminates, categorized", async () => {
    const park = plainTool({
      name: 'park',
      invoke: async (call) => {
        await new Promise((resolve) => setTimeout(resolve, 2500));
        return buildToolResult(call, { type: 'text', text: 'late' });
      },
    });
    const executor = await createCodeHost({ tools: [park], code: { timeoutMs: 1000 } });
    executors.push(executor);
    const [parked, runaway] = await Promise.all([
      // Its own limit is later than the runaway's end, but it shares the runaway's worker.
      executor.execute(request('await tools.park({}); return "after the park";', 'parked', 's'), { timeoutMs: 20_000 }),
      executor.execute(request(RUNAWAY, 'runaway', 's')),
    ]);
    expect(runaway).toMatchObject({ status: 'failed', error: { code: 'interrupted', details: { reason: 'timeout' } } });
    expect(parked).toMatchObject({
      status: 'failed',
      error: { code: 'internal', details: { reason: 'engine_failed' } },
    });
    expect(parked.status === 'failed' ? parked.error.message : '').toContain(
      'a script of this session ran past its time',
    );
  }, 60_000);
});
