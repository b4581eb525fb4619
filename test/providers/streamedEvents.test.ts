import { describe, expect, it } from '@jest/globals';
import { buildToolResult, type ModelContent, type ToolEvent } from '../../src/index.js';
import { toAiSdkTools } from '../../src/providers/aiSdk/toAiSdkTools.js';
import { executeToolCalls } from '../../src/providers/executeToolCalls.js';
import { createExecutor } from '../fixtures/createExecutor.js';
import { plainTool } from '../fixtures/plainTool.js';

/** A streaming tool that says "one", waits until the test opens the latch, says "two" and returns. */
function createStreamingTool() {
  let open: () => void = () => undefined;
  const latch = new Promise<void>((resolve) => {
    open = resolve;
  });
  const tool = plainTool({
    name: 'talker',
    annotations: { supportsStreamingHint: true },
    invoke: async (request, ctx) => {
      ctx.output({ stream: 'stdout', text: 'one\n' });
      await latch;
      ctx.output('two\n');
      return buildToolResult(request, { type: 'text', text: 'finished' });
    },
  });
  return { tool, open };
}

const textOf = (content: ModelContent): string =>
  content.blocks.map((block) => (block.type === 'text' ? block.text : '')).join('');

describe(toAiSdkTools.name, () => {
  it("streams a streaming tool's output as preliminary results while it runs, then the final result", async () => {
    const { tool, open } = createStreamingTool();
    const tools = toAiSdkTools(createExecutor([tool]));
    const talker = tools['talker'];
    if (talker === undefined) throw new Error('no talker tool');
    expect(await talker.needsApproval({}, { toolCallId: 't1' })).toBe(false);
    const results = talker.execute({}, { toolCallId: 't1' });
    if (!(Symbol.asyncIterator in results)) throw new Error('expected an async iterable execute');
    const seen: string[] = [];
    for await (const content of results) {
      seen.push(textOf(content));
      // The tool waits for this: the first preliminary result came while it ran.
      if (seen.length === 1) open();
    }
    expect(seen).toStrictEqual(['one\n', 'one\ntwo\n', 'finished']);
  });

  it('keeps the one-shot execute for a tool that does not stream', async () => {
    const tools = toAiSdkTools(createExecutor([plainTool({ name: 'quiet' })]));
    const quiet = tools['quiet'];
    if (quiet === undefined) throw new Error('no quiet tool');
    expect(await quiet.needsApproval({ a: 1 }, { toolCallId: 'q1' })).toBe(false);
    const result = quiet.execute({ a: 1 }, { toolCallId: 'q1' });
    expect(Symbol.asyncIterator in result).toBe(false);
    expect(await (result as Promise<ModelContent>)).toMatchObject({ isError: false });
  });
});

describe(executeToolCalls.name, () => {
  it("passes onEvent through to every call's events", async () => {
    const { tool, open } = createStreamingTool();
    open();
    const events: ToolEvent[] = [];
    await executeToolCalls(
      createExecutor([tool]),
      [{ callId: 'e1', toolName: 'talker', input: {}, sessionId: 's', turnId: 't', metadata: {} }],
      { onEvent: (event) => events.push(event) },
    );
    expect(events).toStrictEqual([
      { type: 'output', callId: 'e1', chunk: { stream: 'stdout', text: 'one\n' } },
      { type: 'output', callId: 'e1', chunk: 'two\n' },
    ]);
  });
});
