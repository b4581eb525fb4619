import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { generateText, stepCountIs, type LogWarningsFunction, type ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildToolResult } from '../../src/index.js';
import type { PendingCall } from '../../src/index.js';
import { toAiSdkTools } from '../../src/providers/aiSdk/toAiSdkTools.js';
import { createExecutor } from '../fixtures/createExecutor.js';
import { plainTool } from '../fixtures/plainTool.js';
import { createRenderHarness, type RenderHarness } from './fixtures/createRenderHarness.js';

let h: RenderHarness;

beforeEach(async () => {
  h = await createRenderHarness();
});

afterEach(async () => {
  await h.close();
});

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

type MockResult = Awaited<ReturnType<MockLanguageModelV4['doGenerate']>>;

function toolCall(toolCallId: string, toolName: string, input: unknown): MockResult {
  return {
    content: [{ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) }],
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage: USAGE,
    warnings: [],
  };
}

function text(value: string): MockResult {
  return {
    content: [{ type: 'text', text: value }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: USAGE,
    warnings: [],
  };
}

/** The tool-result parts of the prompt the model got on its `index`-th call. */
function toolResultsSeen(model: MockLanguageModelV4, index: number): unknown[] {
  return (model.doGenerateCalls[index]?.prompt ?? []).flatMap((message) =>
    message.role === 'tool' ? message.content : [],
  );
}

describe(toAiSdkTools.name, () => {
  it('gives the SDK one tool per spec, under provider-safe names', () => {
    const tools = toAiSdkTools(h.executor);
    expect(Object.keys(tools)).toStrictEqual(h.executor.specs().map((spec) => spec.name.replaceAll('.', '__')));
  });

  it('runs a call through the executor inside generateText and sends the model our text', async () => {
    const model = new MockLanguageModelV4({
      doGenerate: [toolCall('t1', 'fs_read_file', { path: 'long.txt', limit: 2 }), text('done')],
    });
    const result = await generateText({
      model,
      tools: toAiSdkTools(h.executor),
      prompt: 'read it',
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBe('done');
    expect(toolResultsSeen(model, 1)).toStrictEqual([
      {
        type: 'tool-result',
        toolCallId: 't1',
        toolName: 'fs_read_file',
        output: { type: 'text', value: '     1\tl1\n     2\tl2\n[lines 1-2 of 5; call again with offset 3]' },
        providerOptions: undefined,
      },
    ]);
    const spec = h.executor.specs().find((candidate) => candidate.name === 'fs_read_file');
    const declared = model.doGenerateCalls[0]?.tools?.find((candidate) => candidate.name === 'fs_read_file');
    expect(declared).toMatchObject({
      type: 'function',
      name: 'fs_read_file',
      description: spec?.description,
      inputSchema: spec?.inputSchema,
    });
  });

  it('sends a refusal as an error result, without a pause', async () => {
    const model = new MockLanguageModelV4({
      doGenerate: [toolCall('t2', 'fs_delete', { path: 'README.md' }), text('ok')],
    });
    await generateText({ model, tools: toAiSdkTools(h.executor), prompt: 'delete it', stopWhen: stepCountIs(3) });
    expect(toolResultsSeen(model, 1)).toMatchObject([
      {
        type: 'tool-result',
        toolCallId: 't2',
        output: { type: 'error-text', value: expect.stringMatching(/^\[permission_denied\] /) },
      },
    ]);
    expect(existsSync(path.join(h.root, 'README.md'))).toBe(true);
  });

  it.each([
    [true, 'written'],
    [false, 'left alone'],
  ])(
    'pauses a call that needs approval as an SDK approval request, and runs it only once approved (approved: %p -> %s)',
    async (approved) => {
      const model = new MockLanguageModelV4({
        doGenerate: [toolCall('t3', 'fs_write_file', { path: 'new.txt', content: 'hi' }), text('after')],
      });
      const tools = toAiSdkTools(h.executor, { sessionId: 'session-ai' });
      const first = await generateText({ model, tools, prompt: 'write it', stopWhen: stepCountIs(3) });
      // Paused: nothing written, the model was called once, the SDK hands the host an approval request.
      expect(model.doGenerateCalls).toHaveLength(1);
      expect(existsSync(path.join(h.root, 'new.txt'))).toBe(false);
      const requests = first.content.filter((part) => part.type === 'tool-approval-request');
      expect(requests).toMatchObject([
        { type: 'tool-approval-request', toolCall: { toolCallId: 't3', toolName: 'fs_write_file' } },
      ]);
      const approvalId = requests[0]?.approvalId ?? '';
      const messages: ModelMessage[] = [
        { role: 'user', content: 'write it' },
        ...first.responseMessages,
        {
          role: 'tool',
          content: [
            { type: 'tool-approval-response', approvalId, approved, ...(approved ? {} : { reason: 'not now' }) },
          ],
        },
      ];
      const second = await generateText({ model, tools, messages, stopWhen: stepCountIs(3) });
      expect(second.text).toBe('after');
      const written = path.join(h.root, 'new.txt');
      expect({
        content: existsSync(written) ? readFileSync(written, 'utf8') : 'absent',
        results: toolResultsSeen(model, 1),
      }).toMatchObject(
        approved
          ? {
              content: 'hi',
              results: [{ type: 'tool-result', toolCallId: 't3', toolName: 'fs_write_file', output: { type: 'text' } }],
            }
          : {
              content: 'absent',
              results: [
                { type: 'tool-result', toolCallId: 't3', output: { type: 'execution-denied', reason: 'not now' } },
              ],
            },
      );
    },
  );

  it('runs an approved call only as approved: input changed in the history after approval is refused', async () => {
    const model = new MockLanguageModelV4({
      doGenerate: [toolCall('t4', 'fs_write_file', { path: 'new.txt', content: 'hi' }), text('after')],
    });
    const tools = toAiSdkTools(h.executor);
    const first = await generateText({ model, tools, prompt: 'write it', stopWhen: stepCountIs(3) });
    const approvalId = first.content.find((part) => part.type === 'tool-approval-request')?.approvalId ?? '';
    // The history is the host's data: someone swaps the approved input for another.
    const tampered = JSON.parse(JSON.stringify(first.responseMessages).replace('"hi"', '"evil"')) as ModelMessage[];
    const messages: ModelMessage[] = [
      { role: 'user', content: 'write it' },
      ...tampered,
      { role: 'tool', content: [{ type: 'tool-approval-response', approvalId, approved: true }] },
    ];
    await generateText({ model, tools, messages, stopWhen: stepCountIs(3) });
    expect(existsSync(path.join(h.root, 'new.txt'))).toBe(false);
    expect(toolResultsSeen(model, 1)).toMatchObject([
      {
        type: 'tool-result',
        toolCallId: 't4',
        output: {
          type: 'error-text',
          value: expect.stringMatching(
            /^\[permission_denied\] The approval for tool `fs_write_file` was not accepted: /,
          ),
        },
      },
    ]);
  });

  it('refuses a second call under the same tool call id with other input; the real call stays pending and runs once approved', async () => {
    const model = new MockLanguageModelV4({
      doGenerate: [toolCall('t7', 'fs_write_file', { path: 'new.txt', content: 'hi' }), text('after'), text('after')],
    });
    const tools = toAiSdkTools(h.executor);
    const first = await generateText({ model, tools, prompt: 'write it', stopWhen: stepCountIs(3) });
    const approvalId = first.content.find((part) => part.type === 'tool-approval-request')?.approvalId ?? '';
    const answer = (history: ModelMessage[]): ModelMessage[] => [
      { role: 'user', content: 'write it' },
      ...history,
      { role: 'tool', content: [{ type: 'tool-approval-response', approvalId, approved: true }] },
    ];
    // The host records the person's answers itself (its own toolApproval):
    // the SDK does not ask needsApproval again on resume.
    const toolApproval = { fs_write_file: 'user-approval' } as const;
    // The impostor: the same tool call id, other input.
    const impostor = JSON.parse(JSON.stringify(first.responseMessages).replace('"hi"', '"evil"')) as ModelMessage[];
    await generateText({ model, tools, messages: answer(impostor), toolApproval, stopWhen: stepCountIs(3) });
    expect(existsSync(path.join(h.root, 'new.txt'))).toBe(false);
    expect(toolResultsSeen(model, 1)).toMatchObject([
      {
        type: 'tool-result',
        toolCallId: 't7',
        output: {
          type: 'error-text',
          value: expect.stringMatching(/^\[permission_denied\] .*issued for a different call/),
        },
      },
    ]);

    // The real call, approved: it runs, as approved, once.
    await generateText({
      model,
      tools,
      messages: answer(first.responseMessages),
      toolApproval,
      stopWhen: stepCountIs(3),
    });
    expect(readFileSync(path.join(h.root, 'new.txt'), 'utf8')).toBe('hi');
    expect(toolResultsSeen(model, 2)).toMatchObject([
      { type: 'tool-result', toolCallId: 't7', toolName: 'fs_write_file', output: { type: 'text' } },
    ]);
  });

  it('refuses another tool or input under a pending call id, and keeps the pending call for the real one', async () => {
    const tools = toAiSdkTools(h.executor);
    const write = tools['fs_write_file'];
    const remove = tools['fs_delete'];
    if (write?.needsApproval === undefined || remove === undefined) throw new Error('tools missing');
    const options = { toolCallId: 't8', messages: [] };
    expect(await write.needsApproval({ path: 'new.txt', content: 'hi' }, options)).toBe(true);
    const refused = [
      await remove.execute({ path: 'README.md' }, options),
      await write.execute({ path: 'new.txt', content: 'evil' }, options),
    ];
    expect(refused).toMatchObject(
      Array(2).fill({
        isError: true,
        blocks: [{ type: 'text', text: expect.stringMatching(/^\[permission_denied\] .*issued for a different call/) }],
      }),
    );
    expect(existsSync(path.join(h.root, 'README.md'))).toBe(true);
    expect(await write.execute({ path: 'new.txt', content: 'hi' }, options)).toMatchObject({ isError: false });
    expect(readFileSync(path.join(h.root, 'new.txt'), 'utf8')).toBe('hi');
  });

  it.each([
    ['by default, as the file-data parts ai 6 and ai 7 both take (ai 7 reports them as deprecated)', 6, 1],
    ["with sdkVersion 7, as ai 7's own file parts", 7, 0],
  ])('hands images to the SDK %s', async (_, version, deprecations) => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex').toString('base64');
    const plot = plainTool({
      name: 'chart.plot',
      invoke: (call) =>
        buildToolResult(call, {
          type: 'parts',
          parts: [
            { type: 'text', text: 'the chart' },
            { type: 'media', mimeType: 'image/png', data: png, modality: 'image' },
          ],
        }),
    });
    const model = new MockLanguageModelV4({ doGenerate: [toolCall('t5', 'chart__plot', {}), text('seen')] });
    const warned: string[] = [];
    const logger: LogWarningsFunction = ({ warnings }) => {
      for (const warning of warnings) if (warning.type === 'deprecated') warned.push(warning.setting);
    };
    globalThis.AI_SDK_LOG_WARNINGS = logger;
    const executor = createExecutor([plot]);
    try {
      await generateText({
        model,
        tools: version === 7 ? toAiSdkTools(executor, { sdkVersion: 7 }) : toAiSdkTools(executor),
        prompt: 'plot',
        stopWhen: stepCountIs(3),
      });
    } finally {
      globalThis.AI_SDK_LOG_WARNINGS = undefined;
    }
    expect(plot.calls.map((call) => [call.toolName, call.callId])).toStrictEqual([['chart.plot', 't5']]);
    expect(warned).toStrictEqual(Array<string>(deprecations).fill('"tool-result" content of type "file-data"'));
    // Either way the model gets ai 7's file part.
    expect(toolResultsSeen(model, 1)).toStrictEqual([
      {
        type: 'tool-result',
        toolCallId: 't5',
        toolName: 'chart__plot',
        output: {
          type: 'content',
          value: [
            { type: 'text', text: 'the chart' },
            {
              type: 'file',
              data: { type: 'data', data: png },
              mediaType: 'image/png',
              filename: undefined,
              providerOptions: undefined,
            },
          ],
        },
        providerOptions: undefined,
      },
    ]);
  });

  it('resumes an approval with another toAiSdkTools instance that shares the pending store and session (a restarted host)', async () => {
    const saved = new Map<string, string>();
    const store = {
      get: (id: string) => (saved.has(id) ? (JSON.parse(saved.get(id) ?? '') as PendingCall) : undefined),
      set: (id: string, pending: PendingCall) => void saved.set(id, JSON.stringify(pending)),
      delete: (id: string) => void saved.delete(id),
    };
    const model = new MockLanguageModelV4({
      doGenerate: [toolCall('t6', 'fs_write_file', { path: 'later.txt', content: 'ok' }), text('after')],
    });
    const first = await generateText({
      model,
      tools: toAiSdkTools(h.executor, { sessionId: 's-1', pending: store }),
      prompt: 'write',
      stopWhen: stepCountIs(3),
    });
    expect([...saved.keys()]).toStrictEqual(['t6']);
    const approvalId = first.content.find((part) => part.type === 'tool-approval-request')?.approvalId ?? '';
    const messages: ModelMessage[] = [
      { role: 'user', content: 'write' },
      ...first.responseMessages,
      { role: 'tool', content: [{ type: 'tool-approval-response', approvalId, approved: true }] },
    ];
    await generateText({
      model,
      tools: toAiSdkTools(h.executor, { sessionId: 's-1', pending: store }),
      messages,
      stopWhen: stepCountIs(3),
    });
    expect(readFileSync(path.join(h.root, 'later.txt'), 'utf8')).toBe('ok');
    expect([...saved.keys()]).toStrictEqual([]);
  });
});
