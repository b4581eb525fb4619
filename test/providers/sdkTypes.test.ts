/**
 * The adapters' outputs and inputs against the official SDK types. The assertions that matter
 * are checked by the compiler (`npm run typecheck`, part of `npm test`): each `const x: SdkType =
 * ourValue` fails to compile when a declaration stops matching its SDK. Only types are imported
 * from the SDKs; nothing here loads them at runtime.
 */
import { describe, expect, it } from '@jest/globals';
import type Anthropic from '@anthropic-ai/sdk';
import type { FunctionCall as GeminiSdkFunctionCall, FunctionDeclaration, Tool as GeminiSdkTool } from '@google/genai';
import type {
  ChatCompletionFunctionTool,
  ChatCompletionMessageToolCall,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type {
  FunctionTool,
  ResponseFunctionToolCall,
  Tool as ResponsesTool,
} from 'openai/resources/responses/responses';
import { toToolName, type ToolSpec } from '../../src/index.js';
import {
  fromAnthropicToolUse,
  fromGeminiFunctionCall,
  fromOpenAIToolCall,
  toAnthropicTools,
  toGeminiTools,
  toOpenAIChatTools,
  toOpenAIResponsesTools,
  type ParsedToolCall,
} from '../../src/providers/index.js';

const SPECS: readonly ToolSpec[] = [
  {
    name: toToolName('crm.find'),
    description: 'Finds a contact.',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'integer' } },
      required: ['query'],
      additionalProperties: false,
    },
    outputSchema: { type: 'object', properties: { id: { type: 'string' } } },
    annotations: { readOnlyHint: true },
    metadata: {},
  },
];
const SCOPE = { sessionId: 's', turnId: 't', specs: SPECS };

describe('provider SDK types', () => {
  it("declarations are assignable to the SDKs' own tool param types", () => {
    const chat: ChatCompletionTool[] = toOpenAIChatTools(SPECS, { strict: true });
    const chatFunction: ChatCompletionFunctionTool[] = toOpenAIChatTools(SPECS);
    const responses: ResponsesTool[] = toOpenAIResponsesTools(SPECS, { strict: true });
    const responsesFunction: FunctionTool[] = toOpenAIResponsesTools(SPECS);
    const anthropic: Anthropic.Tool[] = toAnthropicTools(SPECS);
    const anthropicUnion: Anthropic.ToolUnion[] = toAnthropicTools(SPECS);
    const gemini: GeminiSdkTool[] = toGeminiTools(SPECS);
    const declarations: FunctionDeclaration[] | undefined = toGeminiTools(SPECS)[0]?.functionDeclarations;
    // @ts-expect-error a Gemini tool is not an OpenAI tool: the checks above can fail.
    const wrong: ChatCompletionTool[] = toGeminiTools(SPECS);
    expect(
      [chat, chatFunction, responses, responsesFunction, anthropic, anthropicUnion, gemini, declarations, wrong].map(
        (value) => value?.length,
      ),
    ).toStrictEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it("the SDKs' own tool-call types are accepted as they come", () => {
    const chatCall: ChatCompletionMessageToolCall = {
      id: 'call_1',
      type: 'function',
      function: { name: 'crm__find', arguments: '{"query":"ada","limit":null}' },
    };
    const responsesCall: ResponseFunctionToolCall = {
      type: 'function_call',
      call_id: 'call_2',
      name: 'crm__find',
      arguments: '{"query":"ada"}',
    };
    const toolUse: Anthropic.ToolUseBlock = {
      type: 'tool_use',
      id: 'toolu_1',
      name: 'crm__find',
      input: { query: 'ada' },
      caller: { type: 'direct' },
    };
    const geminiCall: GeminiSdkFunctionCall = { name: 'crm__find', args: { query: 'ada' } };
    const parsed: ParsedToolCall[] = [
      fromOpenAIToolCall(chatCall, SCOPE),
      fromOpenAIToolCall(responsesCall, SCOPE),
      fromAnthropicToolUse(toolUse, SCOPE),
      fromGeminiFunctionCall(geminiCall, SCOPE),
    ];
    expect(parsed.map(({ request }) => [request.callId, request.toolName, request.input])).toStrictEqual([
      ['call_1', 'crm.find', { query: 'ada' }],
      ['call_2', 'crm.find', { query: 'ada' }],
      ['toolu_1', 'crm.find', { query: 'ada' }],
      ['gemini:t:0', 'crm.find', { query: 'ada' }],
    ]);
  });
});
