/**
 * The bridge in ai 6 (what `npm install ai` picks on Node 20), installed beside ai 7 as the
 * `ai6` npm alias: the same tools, run by ai 6's own `generateText`, approval flow and mock model.
 * toAiSdkTools.test.ts runs the whole flow under ai 7; this file covers what ai 6 does its own way.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { generateText, stepCountIs, type ModelMessage, type ToolSet } from 'ai6';
import { MockLanguageModelV3 } from 'ai6/test';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildToolResult } from '../../src/index.js';
import { toAiSdkTools } from '../../src/providers/index.js';
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

type MockResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

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
function toolResultsSeen(model: MockLanguageModelV3, index: number): unknown[] {
  return (model.doGenerateCalls[index]?.prompt ?? []).flatMap((message) =>
    message.role === 'tool' ? message.content : [],
  );
}

describe(`${toAiSdkTools.name} under ai 6`, () => {
  it("runs a call through the executor inside ai 6's generateText and sends the model our text", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: [toolCall('t1', 'fs_read_file', { path: 'long.txt', limit: 2 }), text('done')],
    });
    const tools: ToolSet = toAiSdkTools(h.executor);
    const result = await generateText({ model, tools, prompt: 'read it', stopWhen: stepCountIs(3) });
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
  });

  it.each([
    [true, 'written'],
    [false, 'left alone'],
  ])(
    "pauses a call that needs approval as ai 6's approval request and runs it only once approved (approved: %p -> %s)",
    async (approved) => {
      const model = new MockLanguageModelV3({
        doGenerate: [toolCall('t3', 'fs_write_file', { path: 'new.txt', content: 'hi' }), text('after')],
      });
      const tools = toAiSdkTools(h.executor, { sessionId: 'session-ai6' });
      const first = await generateText({ model, tools, prompt: 'write it', stopWhen: stepCountIs(3) });
      expect(model.doGenerateCalls).toHaveLength(1);
      expect(existsSync(path.join(h.root, 'new.txt'))).toBe(false);
      const requests = first.content.filter((part) => part.type === 'tool-approval-request');
      expect(requests).toMatchObject([
        { type: 'tool-approval-request', toolCall: { toolCallId: 't3', toolName: 'fs_write_file' } },
      ]);
      const approvalId = requests[0]?.approvalId ?? '';
      const messages: ModelMessage[] = [
        { role: 'user', content: 'write it' },
        // Stored and read back, as a host keeps its transcript. (Under jest, ai 6's structuredClone'd
        // response messages come from Node's outer realm, whose objects the executor's plain-JSON
        // input check does not take as plain; in one realm, as in a real host, they are.)
        ...(JSON.parse(JSON.stringify(first.response.messages)) as ModelMessage[]),
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

  it('hands images to ai 6 as its file-data parts, which it passes to the model as they are', async () => {
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
    const model = new MockLanguageModelV3({ doGenerate: [toolCall('t5', 'chart__plot', {}), text('seen')] });
    await generateText({
      model,
      tools: toAiSdkTools(createExecutor([plot])),
      prompt: 'plot',
      stopWhen: stepCountIs(3),
    });
    expect(toolResultsSeen(model, 1)).toStrictEqual([
      {
        type: 'tool-result',
        toolCallId: 't5',
        toolName: 'chart__plot',
        output: {
          type: 'content',
          value: [
            { type: 'text', text: 'the chart' },
            { type: 'file-data', data: png, mediaType: 'image/png' },
          ],
        },
        providerOptions: undefined,
      },
    ]);
  });
});
