/**
 * The rendered messages and the AI SDK tools against the official SDK types. The assertions
 * that matter are checked by the compiler (`npm run typecheck`): each `const x: SdkType = ours`
 * fails to compile when a message stops matching its SDK. Only types come from the SDKs.
 */
import { describe, expect, it } from '@jest/globals';
import type { ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages/messages';
import type { Part } from '@google/genai';
import type { ToolSet } from 'ai';
import type { ToolSet as ToolSet6 } from 'ai6';
import type {
  ChatCompletionMessageParam,
  ChatCompletionToolMessageParam,
} from 'openai/resources/chat/completions/completions';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { buildToolResult, type ToolExecutionOutcome } from '../../src/index.js';
import { renderToolResult } from '../../src/providers/rendering/renderToolResult.js';
import { renderToolResults } from '../../src/providers/rendering/renderToolResults.js';
import { toAiSdkTools } from '../../src/providers/aiSdk/toAiSdkTools.js';
import { createExecutor } from '../fixtures/createExecutor.js';
import { plainTool } from '../fixtures/plainTool.js';

const PNG = Buffer.from('89504e470d0a1a0a', 'hex').toString('base64');
const OUTCOME: ToolExecutionOutcome = {
  status: 'completed',
  result: buildToolResult(
    { callId: 'c1' },
    {
      type: 'parts',
      parts: [
        { type: 'text', text: 'see' },
        { type: 'media', mimeType: 'image/png', data: PNG, modality: 'image' },
      ],
    },
    { isError: true },
  ),
};

describe('rendered messages and SDK types', () => {
  it("are assignable to the SDKs' own tool-result param types", () => {
    const chat: ChatCompletionToolMessageParam = renderToolResult(OUTCOME, 'openai-chat');
    const chatMessage: ChatCompletionMessageParam = renderToolResult(OUTCOME, 'openai-chat');
    const responses: ResponseInputItem = renderToolResult(OUTCOME, 'openai-responses');
    const anthropic: ToolResultBlockParam = renderToolResult(OUTCOME, 'anthropic');
    const gemini: Part = renderToolResult(OUTCOME, 'gemini', { toolName: 'x' });
    // @ts-expect-error an Anthropic tool_result is not an OpenAI tool message: the checks above can fail.
    const wrong: ChatCompletionToolMessageParam = renderToolResult(OUTCOME, 'anthropic');
    expect([chat, chatMessage, responses, anthropic, gemini, wrong].map((message) => typeof message)).toStrictEqual(
      Array(6).fill('object'),
    );
  });

  it("renders a turn's results as arrays of the SDKs' own types", () => {
    const turn = [
      {
        request: { callId: 'c1', toolName: 'x', input: {}, sessionId: 's', turnId: 't', metadata: {} },
        outcome: OUTCOME,
      },
    ] as const;
    const chat: ChatCompletionMessageParam[] = renderToolResults(turn, 'openai-chat');
    const responses: ResponseInputItem[] = renderToolResults(turn, 'openai-responses');
    const anthropic: ToolResultBlockParam[] = renderToolResults(turn, 'anthropic');
    const gemini: Part[] = renderToolResults(turn, 'gemini');
    expect([chat, responses, anthropic, gemini].map((messages) => messages.length)).toStrictEqual([1, 1, 1, 1]);
  });

  it("gives AI SDK tools assignable to ai 7's and ai 6's ToolSet (ai 7's own file parts: ai 7's only)", () => {
    const executor = createExecutor([plainTool({ name: 'echo' })]);
    const tools: ToolSet = toAiSdkTools(executor);
    const tools6: ToolSet6 = toAiSdkTools(executor);
    const seven: ToolSet = toAiSdkTools(executor, { sdkVersion: 7 });
    // @ts-expect-error ai 7's file parts are not ai 6's tool-result content: the checks above can fail.
    const wrong: ToolSet6 = toAiSdkTools(executor, { sdkVersion: 7 });
    expect([tools, tools6, seven, wrong].map((set) => Object.keys(set))).toStrictEqual(Array(4).fill(['echo']));
  });
});
