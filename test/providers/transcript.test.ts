/**
 * The transcript helpers with each provider's own SDK types and realistic transcripts: one
 * turn makes three calls that all wait for approval; the host sends "waiting" placeholders so
 * the conversation goes on, then one call is approved (resumed), one rejected, and the last is
 * approved only after another exchange (late). Every result must end up in its turn's group, in
 * the order of the calls, each placeholder replaced; `const x: SdkType = ours` lines are checked
 * by the compiler (`npm run typecheck`).
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { ContentBlockParam, MessageParam } from '@anthropic-ai/sdk/resources/messages/messages';
import type { Content } from '@google/genai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PendingCall, ToolExecutionOutcome } from '../../src/index.js';
import {
  addAnthropicToolResults,
  addGeminiToolResults,
  addOpenAIChatToolResults,
  addOpenAIResponsesToolResults,
  executeToolCalls,
  fromAnthropicToolUse,
  fromGeminiFunctionCall,
  fromOpenAIToolCall,
  renderToolResult,
  type TranscriptToolResult,
} from '../../src/providers/index.js';
import { createRenderHarness, type RenderHarness } from './fixtures/createRenderHarness.js';

let h: RenderHarness;

beforeEach(async () => {
  h = await createRenderHarness();
});

afterEach(async () => {
  await h.close();
});

/** The three writes of the turn (each asks for approval): resumed, rejected, late. */
const WRITES = [
  { name: 'fs_write_file', input: { path: 'resumed.txt', content: 'one' } },
  { name: 'fs_write_file', input: { path: 'rejected.txt', content: 'two' } },
  { name: 'fs_write_file', input: { path: 'late.txt', content: 'three' } },
] as const;

const SCOPE = { sessionId: 'session-1', turnId: 'turn-1' };

/** The calls' three ways out, in the order they come: resumed and rejected together, then late. */
interface Resolved {
  readonly waiting: TranscriptToolResult[];
  readonly resumedAndRejected: TranscriptToolResult[];
  readonly late: TranscriptToolResult[];
  /** The final outcomes, in call order. */
  readonly outcomes: ToolExecutionOutcome[];
}

/** Runs the turn's calls (all interrupted) and resolves them: approve the first, reject the second, approve the third. */
async function runTurn(calls: Parameters<typeof executeToolCalls>[1]): Promise<Resolved> {
  const { results, pending } = await executeToolCalls(h.executor, calls);
  expect([results.length, pending.map((call) => call.interruption.type)]).toStrictEqual([
    0,
    ['approval_required', 'approval_required', 'approval_required'],
  ]);
  const [first, second, third] = pending as [PendingCall, PendingCall, PendingCall];
  const approve = (call: PendingCall): Promise<ToolExecutionOutcome> =>
    call.interruption.type === 'approval_required'
      ? h.executor.executeApproved(call.request, call.interruption.approval)
      : Promise.reject(new Error('not an approval'));
  const waiting = pending.map(({ request, interruption }) => ({
    request,
    outcome: { status: 'interrupted', interruption } as const,
  }));
  const rejected = await h.executor.reject(second);
  const resumed = await approve(first);
  const late = await approve(third);
  return {
    waiting,
    // They come back in the order the person answered: the rejection first.
    resumedAndRejected: [
      { request: second.request, outcome: rejected },
      { request: first.request, outcome: resumed },
    ],
    late: [{ request: third.request, outcome: late }],
    outcomes: [resumed, rejected, late],
  };
}

function expectFiles(): void {
  const read = (name: string): string => {
    try {
      return readFileSync(path.join(h.root, name), 'utf8');
    } catch {
      return 'absent';
    }
  };
  expect(['resumed.txt', 'rejected.txt', 'late.txt'].map(read)).toStrictEqual(['one', 'absent', 'three']);
}

describe(addOpenAIChatToolResults.name, () => {
  it("puts one tool message per call right after the assistant's tool_calls, in call order, placeholders replaced", async () => {
    const assistant: ChatCompletionMessageParam = {
      role: 'assistant',
      content: null,
      tool_calls: WRITES.map((write, index) => ({
        id: `call_${String(index)}`,
        type: 'function',
        function: { name: write.name, arguments: JSON.stringify(write.input) },
      })),
    };
    const specs = h.executor.specs();
    const calls = (assistant.tool_calls ?? []).map((call) => fromOpenAIToolCall(call, { ...SCOPE, specs }));
    const resolved = await runTurn(calls);
    const start: ChatCompletionMessageParam[] = [
      { role: 'system', content: 'You tidy files.' },
      { role: 'user', content: 'Write three files.' },
      assistant,
    ];
    const waiting: ChatCompletionMessageParam[] = addOpenAIChatToolResults(start, resolved.waiting, {
      interruptions: 'placeholder',
    });
    const chatOn: ChatCompletionMessageParam[] = [
      ...waiting,
      { role: 'assistant', content: 'Waiting for your approval of the three writes.' },
      { role: 'user', content: 'Approve the first, reject the second.' },
    ];
    const resumed: ChatCompletionMessageParam[] = addOpenAIChatToolResults(chatOn, resolved.resumedAndRejected);
    const later: ChatCompletionMessageParam[] = [
      ...resumed,
      { role: 'assistant', content: 'Done with those two.' },
      { role: 'user', content: 'And the third.' },
    ];
    const final: ChatCompletionMessageParam[] = addOpenAIChatToolResults(later, resolved.late);

    const rendered = resolved.outcomes.map((outcome, index) =>
      renderToolResult(outcome, 'openai-chat', { callId: `call_${String(index)}`, toolName: 'fs_write_file' }),
    );
    expect(final).toStrictEqual([...start, ...rendered, ...chatOn.slice(6), ...later.slice(8)]);
    expect(waiting.slice(3).map((message) => message.role === 'tool' && message.content)).toStrictEqual(
      Array(3).fill(expect.stringMatching(/^Waiting for approval: .*\. The call has not run yet\.$/su)),
    );
    expectFiles();
  });
});

describe(addOpenAIResponsesToolResults.name, () => {
  it('puts function_call_output items right after the function_call items of their response, in call order', async () => {
    const output: ResponseInputItem[] = [
      { type: 'reasoning', id: 'rs_1', summary: [] },
      ...WRITES.map((write, index): ResponseInputItem => ({
        type: 'function_call',
        id: `fc_${String(index)}`,
        call_id: `call_${String(index)}`,
        name: write.name,
        arguments: JSON.stringify(write.input),
      })),
    ];
    const specs = h.executor.specs();
    const calls = output.flatMap((item) =>
      item.type === 'function_call' ? [fromOpenAIToolCall(item, { ...SCOPE, specs })] : [],
    );
    const resolved = await runTurn(calls);
    const start: ResponseInputItem[] = [{ role: 'user', content: 'Write three files.' }, ...output];
    const waiting: ResponseInputItem[] = addOpenAIResponsesToolResults(start, resolved.waiting, {
      interruptions: 'placeholder',
    });
    const chatOn: ResponseInputItem[] = [
      ...waiting,
      { role: 'assistant', content: 'Waiting for your approval.' },
      { role: 'user', content: 'Approve the first, reject the second.' },
    ];
    const resumed: ResponseInputItem[] = addOpenAIResponsesToolResults(chatOn, resolved.resumedAndRejected);
    const later: ResponseInputItem[] = [...resumed, { role: 'user', content: 'And the third.' }];
    const final: ResponseInputItem[] = addOpenAIResponsesToolResults(later, resolved.late);

    const rendered = resolved.outcomes.map((outcome, index) =>
      renderToolResult(outcome, 'openai-responses', { callId: `call_${String(index)}`, toolName: 'fs_write_file' }),
    );
    expect(final).toStrictEqual([...start, ...rendered, ...chatOn.slice(8), ...later.slice(10)]);
    expectFiles();
  });

  it("puts a later turn's output after that turn's own call, not with the earlier turn's outputs", async () => {
    const read = (callId: string): ResponseInputItem => ({
      type: 'function_call',
      call_id: callId,
      name: 'fs_read_file',
      arguments: '{"path":"README.md"}',
    });
    const first = { request: h.request('fs_read_file', { path: 'README.md' }, 'call_a') };
    const second = { request: h.request('fs_read_file', { path: 'README.md' }, 'call_b') };
    const [outcomeA, outcomeB] = [await h.executor.execute(first.request), await h.executor.execute(second.request)];
    const start: ResponseInputItem[] = [{ role: 'user', content: 'Read it twice.' }, read('call_a')];
    const turnOne: ResponseInputItem[] = addOpenAIResponsesToolResults(start, [{ ...first, outcome: outcomeA }]);
    const turnTwo: ResponseInputItem[] = addOpenAIResponsesToolResults(
      [...turnOne, read('call_b')],
      [{ ...second, outcome: outcomeB }],
    );
    const render = (outcome: ToolExecutionOutcome, callId: string): ResponseInputItem =>
      renderToolResult(outcome, 'openai-responses', { callId, toolName: 'fs_read_file' });
    expect(turnTwo).toStrictEqual([...start, render(outcomeA, 'call_a'), read('call_b'), render(outcomeB, 'call_b')]);
  });

  it('refuses an output whose function_call is not in the input, saying what to do', async () => {
    const request = h.request('fs_read_file', { path: 'README.md' }, 'call_gone');
    const outcome = await h.executor.execute(request);
    const input: ResponseInputItem[] = [{ role: 'user', content: 'hi' }];
    expect(() => addOpenAIResponsesToolResults(input, [{ request, outcome }])).toThrow(
      new TypeError(
        "addOpenAIResponsesToolResults: no function_call item in the input makes the call \"call_gone\" (fs_read_file); add the response's output items first, or with previous_response_id send renderToolResults(results, 'openai-responses') as the input.",
      ),
    );
  });
});

describe(addAnthropicToolResults.name, () => {
  const assistant: MessageParam = {
    role: 'assistant',
    content: [
      { type: 'text', text: 'I will write the three files.' },
      ...WRITES.map((write, index): ContentBlockParam => ({
        type: 'tool_use',
        id: `toolu_${String(index)}`,
        name: write.name,
        input: write.input,
      })),
    ],
  };

  it("puts every tool_result of the turn in the one user message right after the assistant's tool_use blocks", async () => {
    const specs = h.executor.specs();
    const blocks = typeof assistant.content === 'string' ? [] : assistant.content;
    const calls = blocks.flatMap((block) =>
      block.type === 'tool_use' ? [fromAnthropicToolUse(block, { ...SCOPE, specs })] : [],
    );
    const resolved = await runTurn(calls);
    const start: MessageParam[] = [{ role: 'user', content: 'Write three files.' }, assistant];
    const waiting: MessageParam[] = addAnthropicToolResults(start, resolved.waiting, { interruptions: 'placeholder' });
    expect(waiting).toHaveLength(3);
    const chatOn: MessageParam[] = [
      ...waiting,
      { role: 'assistant', content: 'Waiting for your approval of the three writes.' },
      { role: 'user', content: 'Approve the first, reject the second.' },
    ];
    const resumed: MessageParam[] = addAnthropicToolResults(chatOn, resolved.resumedAndRejected);
    const later: MessageParam[] = [
      ...resumed,
      { role: 'assistant', content: 'Done with those two.' },
      { role: 'user', content: 'And the third.' },
    ];
    const final: MessageParam[] = addAnthropicToolResults(later, resolved.late);

    const rendered = resolved.outcomes.map((outcome, index) =>
      renderToolResult(outcome, 'anthropic', { callId: `toolu_${String(index)}`, toolName: 'fs_write_file' }),
    );
    expect(final).toStrictEqual([...start, { role: 'user', content: rendered }, ...chatOn.slice(3), ...later.slice(5)]);
    expect(rendered.map((block) => block.is_error === true)).toStrictEqual([false, true, false]);
    expectFiles();
  });

  it("joins the results to a user message that is already there, before that message's text", async () => {
    const request = h.request('fs_write_file', { path: 'x.txt', content: 'x' }, 'toolu_1');
    const asked = await h.executor.execute(request);
    if (asked.status !== 'interrupted') throw new Error('the write did not ask');
    const outcome = await h.executor.reject({ request, interruption: asked.interruption });
    const start: MessageParam[] = [assistant, { role: 'user', content: 'Also, hurry.' }];
    const final: MessageParam[] = addAnthropicToolResults(start, [{ request, outcome }]);
    expect(final).toStrictEqual([
      assistant,
      {
        role: 'user',
        content: [
          renderToolResult(outcome, 'anthropic', { callId: 'toolu_1', toolName: 'fs_write_file' }),
          { type: 'text', text: 'Also, hurry.' },
        ],
      },
    ]);
    expect(start[1]).toStrictEqual({ role: 'user', content: 'Also, hurry.' });
  });
});

describe(addGeminiToolResults.name, () => {
  /** A model content calling the three writes, without ids (as the Gemini API often sends them). */
  const model: Content = {
    role: 'model',
    parts: [
      { text: 'Writing them.' },
      ...WRITES.map((write) => ({ functionCall: { name: write.name, args: write.input } })),
    ],
  };

  it('puts all functionResponse parts of the turn in one user content right after the model content, calls without ids', async () => {
    const specs = h.executor.specs();
    const calls = (model.parts ?? []).flatMap((part) => (part.functionCall === undefined ? [] : [part.functionCall]));
    const parsed = calls.map((call, index) => fromGeminiFunctionCall(call, { ...SCOPE, specs, index }));
    expect(parsed.map(({ request }) => request.callId)).toStrictEqual([
      'gemini:turn-1:0',
      'gemini:turn-1:1',
      'gemini:turn-1:2',
    ]);
    const resolved = await runTurn(parsed);
    const start: Content[] = [{ role: 'user', parts: [{ text: 'Write three files.' }] }, model];
    const waiting: Content[] = addGeminiToolResults(start, resolved.waiting, { interruptions: 'placeholder' });
    const chatOn: Content[] = [
      ...waiting,
      { role: 'model', parts: [{ text: 'Waiting for your approval.' }] },
      { role: 'user', parts: [{ text: 'Approve the first, reject the second.' }] },
    ];
    const resumed: Content[] = addGeminiToolResults(chatOn, resolved.resumedAndRejected);
    const later: Content[] = [
      ...resumed,
      { role: 'model', parts: [{ text: 'Done with those two.' }] },
      { role: 'user', parts: [{ text: 'And the third.' }] },
    ];
    const final: Content[] = addGeminiToolResults(later, resolved.late);

    const rendered = resolved.outcomes.map((outcome, index) =>
      renderToolResult(outcome, 'gemini', { callId: `gemini:turn-1:${String(index)}`, toolName: 'fs_write_file' }),
    );
    expect(final).toStrictEqual([...start, { role: 'user', parts: rendered }, ...chatOn.slice(3), ...later.slice(5)]);
    expectFiles();
  });

  it('tells apart two turns that called the same tool without ids, by the turn id', async () => {
    const write: Content = {
      role: 'model',
      parts: [{ functionCall: { name: 'fs_write_file', args: { path: 'w.txt', content: 'w' } } }],
    };
    const inTurn = (turnId: string): TranscriptToolResult['request'] => ({
      ...h.request('fs_write_file', { path: 'w.txt', content: 'w' }, `gemini:${turnId}:0`),
      turnId,
    });
    const [one, two] = [inTurn('turn-1'), inTurn('turn-2')];
    const [askedOne, askedTwo] = [await h.executor.execute(one), await h.executor.execute(two)];
    if (askedOne.status !== 'interrupted' || askedTwo.status !== 'interrupted')
      throw new Error('the writes did not ask');
    const answer = (outcome: ToolExecutionOutcome, callId: string): Content => ({
      role: 'user',
      parts: [renderToolResult(outcome, 'gemini', { callId, toolName: 'fs_write_file', interruptions: 'placeholder' })],
    });
    // Turn 1 was answered with a placeholder, turn 2 not yet; the person rejects turn 2's write, then approves turn 1's.
    const start: Content[] = [write, answer(askedOne, 'gemini:turn-1:0'), write];
    const rejected = await h.executor.reject({ request: two, interruption: askedTwo.interruption });
    const approved =
      askedOne.interruption.type === 'approval_required'
        ? await h.executor.executeApproved(one, askedOne.interruption.approval)
        : askedOne;
    const final: Content[] = addGeminiToolResults(start, [
      { request: two, outcome: rejected },
      { request: one, outcome: approved },
    ]);
    expect(final).toStrictEqual([
      write,
      answer(approved, 'gemini:turn-1:0'),
      write,
      answer(rejected, 'gemini:turn-2:0'),
    ]);
    expect(readFileSync(path.join(h.root, 'w.txt'), 'utf8')).toBe('w');
  });
});

describe('transcript helpers and SDK types', () => {
  it("refuse another provider's transcript at compile time (the SDK checks above can fail)", () => {
    const chat: ChatCompletionMessageParam[] = [{ role: 'user', content: 'hi' }];
    // @ts-expect-error Anthropic's transcript is not a Chat Completions one.
    const wrong: ChatCompletionMessageParam[] = addAnthropicToolResults([], []);
    expect([addOpenAIChatToolResults(chat, []), wrong]).toStrictEqual([chat, []]);
  });
});
