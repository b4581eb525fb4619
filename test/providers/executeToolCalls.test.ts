import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildToolResult, ToolError, type ToolRequest } from '../../src/index.js';
import { executeToolCalls } from '../../src/providers/executeToolCalls.js';
import type { ParsedToolCall } from '../../src/providers/ParsedToolCall.js';
import { renderToolResults } from '../../src/providers/rendering/renderToolResults.js';
import { createExecutor } from '../fixtures/createExecutor.js';
import { plainTool } from '../fixtures/plainTool.js';
import { createRenderHarness, type RenderHarness } from './fixtures/createRenderHarness.js';

let h: RenderHarness;

beforeAll(async () => {
  h = await createRenderHarness();
});

afterAll(async () => {
  await h.close();
});

function request(toolName: string, input: ToolRequest['input'], callId: string): ToolRequest {
  return { callId, toolName, input, sessionId: 'session-1', turnId: 'turn-1', metadata: {} };
}

/**
 * A tool whose calls each wait until as many calls are in flight as the bound allows (or all
 * that remain): so the most ever in flight is the bound when it holds, and more when it does not.
 */
function createGatedTool(bound: number, total: number) {
  let active = 0;
  let finished = 0;
  let most = 0;
  const waiters: (() => void)[] = [];
  const release = (): void => {
    if (active >= Math.min(bound, total - finished))
      waiters.splice(0).forEach((wake) => {
        wake();
      });
  };
  const tool = plainTool({
    name: 'gated',
    invoke: async (call) => {
      active++;
      most = Math.max(most, active);
      const opened = new Promise<void>((resolve) => waiters.push(resolve));
      release();
      await opened;
      active--;
      finished++;
      release();
      return buildToolResult(call, { type: 'text', text: `done ${JSON.stringify(call.input)}` });
    },
  });
  return { tool, most: () => most };
}

describe(executeToolCalls.name, () => {
  it('runs at most `concurrency` calls at once and keeps the order the model made them in', async () => {
    const gated = createGatedTool(2, 6);
    const executor = createExecutor([gated.tool]);
    const calls = Array.from({ length: 6 }, (_, index) => request('gated', { n: index }, `c${index}`));
    const turn = await executeToolCalls(executor, calls, { concurrency: 2 });
    expect(gated.most()).toBe(2);
    expect(turn.pending).toStrictEqual([]);
    expect(turn.results.map(({ request: { callId }, outcome }) => [callId, outcome.status])).toStrictEqual(
      calls.map(({ callId }) => [callId, 'completed']),
    );
    expect(renderToolResults(turn.results, 'openai-chat')).toStrictEqual(
      calls.map((call, index) => ({ role: 'tool', tool_call_id: call.callId, content: `done {"n":${index}}` })),
    );
  });

  it('runs 4 at once by default', async () => {
    const gated = createGatedTool(4, 9);
    const turn = await executeToolCalls(
      createExecutor([gated.tool]),
      Array.from({ length: 9 }, (_, index) => request('gated', {}, `d${index}`)),
    );
    expect(gated.most()).toBe(4);
    expect(turn.results).toHaveLength(9);
  });

  it('collects interrupted calls as plain-JSON pending calls and the others as results, in order', async () => {
    const calls = [
      request('fs_read_file', { path: 'README.md' }, 'r1'),
      request('fs_write_file', { path: 'a.txt', content: 'a' }, 'w1'),
      request('fs_delete', { path: 'README.md' }, 'x1'),
      request('fs_write_file', { path: 'b.txt', content: 'b' }, 'w2'),
    ];
    const turn = await executeToolCalls(h.executor, calls);
    expect(turn.results.map(({ request: { callId }, outcome }) => [callId, outcome.status])).toStrictEqual([
      ['r1', 'completed'],
      ['x1', 'failed'],
    ]);
    expect(
      turn.pending.map(({ request: pendingRequest, interruption }) => [pendingRequest, interruption.type]),
    ).toStrictEqual([
      [calls[1], 'approval_required'],
      [calls[3], 'approval_required'],
    ]);
    expect(JSON.parse(JSON.stringify(turn.pending))).toStrictEqual(turn.pending);
    // Resumable as it is: the approval runs exactly the pending call.
    const [first] = turn.pending;
    if (first?.interruption.type !== 'approval_required') throw new Error('expected an approval');
    expect((await h.executor.executeApproved(first.request, first.interruption.approval)).status).toBe('completed');
    expect(renderToolResults(turn.results, 'gemini').map((part) => part.functionResponse.name)).toStrictEqual([
      'fs_read_file',
      'fs_delete',
    ]);
  });

  it('passes parsed calls that failed (arguments not JSON) through without executing them', async () => {
    const echo = plainTool({ name: 'echo' });
    const failure = {
      status: 'failed',
      error: new ToolError('invalid_input', 'The arguments are not valid JSON: Unexpected end of input.'),
      invoked: false,
    } as const;
    const calls: ParsedToolCall[] = [
      { request: request('echo', { a: 1 }, 'e1') },
      { request: request('echo', '{"a": ', 'e2'), failure },
      { request: request('echo', { b: 2 }, 'e3') },
    ];
    const turn = await executeToolCalls(createExecutor([echo]), calls);
    expect(echo.calls.map(({ callId }) => callId)).toStrictEqual(['e1', 'e3']);
    expect(turn.results[1]).toStrictEqual({ request: calls[1]?.request, outcome: failure });
    expect(renderToolResults(turn.results, 'anthropic')[1]).toStrictEqual({
      type: 'tool_result',
      tool_use_id: 'e2',
      content: '[invalid_input] The arguments are not valid JSON: Unexpected end of input.',
      is_error: true,
    });
  });

  it.each([[0], [1.5], [Number.NaN], [-1]])('refuses concurrency %p', async (concurrency) => {
    await expect(executeToolCalls(createExecutor([]), [], { concurrency })).rejects.toThrow(RangeError);
  });
});
