import { describe, expect, it } from '@jest/globals';
import { Container } from 'inversify';
import {
  agentkitModule,
  BasicToolExecutor,
  ELICITATION_HANDLER,
  PERMISSION_CHECKER,
  PolicyPermissionChecker,
  SAMPLING_HANDLER,
  Tool,
  TOOL_EXECUTOR,
  type InputRequest,
  type JsonObject,
  type ToolContext,
  type ToolExecutionOutcome,
  type ToolExecutor,
  type ExecuteOptions,
} from '../../src/index.js';

type ElicitationHandler = NonNullable<ExecuteOptions['elicitation']>;
type SamplingHandler = NonNullable<ExecuteOptions['sampling']>;
import { createToolRequest } from '../../src/testing/index.js';

const FORM: JsonObject = {
  type: 'object',
  properties: { file: { type: 'string', enum: ['a.txt', 'b.txt'] } },
  required: ['file'],
};

const deleted: string[] = [];

@Tool({
  name: 'q_pick',
  description: 'Asks which file, then deletes it.',
  input: { type: 'object', properties: { note: { type: 'string' } }, additionalProperties: false },
})
class Pick {
  public async invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit({ message: 'Which file did you mean?', schema: FORM });
    if (answer.action !== 'accept') return `not deleted (${answer.action})`;
    const file = answer.content['file'] as string;
    deleted.push(file);
    return `deleted ${file}`;
  }
}

@Tool({ name: 'q_defaults', description: 'Asks with a default.' })
class Defaults {
  public async invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit({
      message: 'Which file?',
      schema: { ...FORM, properties: { file: { type: 'string', enum: ['a.txt', 'b.txt'], default: 'a.txt' } } },
    });
    return answer.action === 'accept' ? (answer.content['file'] as string) : answer.action;
  }
}

@Tool({ name: 'q_two', description: 'Asks twice.' })
class Two {
  public async invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    const first = await ctx.elicit({ message: 'First?', schema: FORM });
    const second = await ctx.elicit({ message: 'Second?', schema: FORM });
    return [first, second]
      .map((answer) => (answer.action === 'accept' ? (answer.content['file'] as string) : answer.action))
      .join(',');
  }
}

@Tool({ name: 'q_swallow', description: 'Asks and swallows the interruption.' })
class Swallow {
  public async invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    try {
      await ctx.elicit({ message: 'Anything?', schema: FORM });
    } catch {
      // A tool that catches everything.
    }
    return 'went on';
  }
}

@Tool({ name: 'q_sample', description: 'Asks the model.' })
class Sample {
  public async invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    const answer = await ctx.sample({
      messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }],
      maxTokens: 20,
    });
    return `${answer.model}: ${answer.content.text}`;
  }
}

async function setUp(
  handlers: { elicitation?: ElicitationHandler; sampling?: SamplingHandler } = {},
): Promise<ToolExecutor> {
  const container = new Container();
  container.bind(PERMISSION_CHECKER).toConstantValue(new PolicyPermissionChecker({ rules: [], fallback: 'allow' }));
  if (handlers.elicitation !== undefined) container.bind(ELICITATION_HANDLER).toConstantValue(handlers.elicitation);
  if (handlers.sampling !== undefined) container.bind(SAMPLING_HANDLER).toConstantValue(handlers.sampling);
  container.bind(Pick).toSelf();
  container.bind(Two).toSelf();
  container.bind(Defaults).toSelf();
  container.bind(Swallow).toSelf();
  container.bind(Sample).toSelf();
  container.load(agentkitModule());
  return container.getAsync(TOOL_EXECUTOR);
}

function textOf(outcome: ToolExecutionOutcome): string {
  if (outcome.status !== 'completed') throw new Error(`expected completed, got ${JSON.stringify(outcome)}`);
  const { output } = outcome.result.result;
  return output.type === 'text' ? output.text : JSON.stringify(output);
}

function inputOf(outcome: ToolExecutionOutcome): InputRequest {
  if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'input_required') {
    throw new Error(`expected input_required, got ${JSON.stringify(outcome)}`);
  }
  return JSON.parse(JSON.stringify(outcome.interruption.input)) as InputRequest;
}

describe(BasicToolExecutor.name, () => {
  describe('ctx.elicit', () => {
    it('asks the bound ELICITATION_HANDLER and hands the tool the checked answer', async () => {
      const asked: string[] = [];
      const executor = await setUp({
        elicitation: {
          elicit: (question, request) => {
            asked.push(`${request.toolName}: ${question.message}`);
            return Promise.resolve({ action: 'accept', content: { file: 'b.txt' } });
          },
        },
      });
      expect(textOf(await executor.execute(createToolRequest('q_pick')))).toBe('deleted b.txt');
      expect(asked).toStrictEqual(['q_pick: Which file did you mean?']);
    });

    it("prefers the call options' handler over the bound one", async () => {
      const executor = await setUp({ elicitation: { elicit: () => Promise.resolve({ action: 'cancel' }) } });
      const outcome = await executor.execute(createToolRequest('q_pick'), {
        elicitation: { elicit: () => Promise.resolve({ action: 'decline' }) },
      });
      expect(textOf(outcome)).toBe('not deleted (decline)');
    });

    it("fills the fields an accepted answer leaves out with the form's defaults (SEP-1034)", async () => {
      const executor = await setUp({
        elicitation: { elicit: () => Promise.resolve({ action: 'accept', content: {} }) },
      });
      expect(textOf(await executor.execute(createToolRequest('q_defaults')))).toBe('a.txt');
    });

    it('refuses content that does not match the form before the tool sees it', async () => {
      const executor = await setUp({
        elicitation: { elicit: () => Promise.resolve({ action: 'accept', content: { file: 'c.txt' } }) },
      });
      const outcome = await executor.execute(createToolRequest('q_pick'));
      expect(outcome).toMatchObject({
        status: 'failed',
        invoked: true,
        error: { code: 'invalid_input', details: { reason: 'invalid_answer' } },
      });
    });

    it('without a handler ends interrupted with a plain-JSON input request, resumed once with the answer', async () => {
      const executor = await setUp();
      const request = createToolRequest('q_pick', { note: 'x' });
      const input = inputOf(await executor.execute(request));
      expect(input).toMatchObject({
        callId: request.callId,
        toolName: 'q_pick',
        sessionId: request.sessionId,
        message: 'Which file did you mean?',
        schema: FORM,
        answered: [],
      });
      const before = deleted.length;
      const resumed = await executor.executeWithInput(request, input, { action: 'accept', content: { file: 'a.txt' } });
      expect(textOf(resumed)).toBe('deleted a.txt');
      expect(deleted.slice(before)).toStrictEqual(['a.txt']);
      const again = await executor.executeWithInput(request, input, { action: 'accept', content: { file: 'a.txt' } });
      expect(again).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { code: 'permission_denied', details: { reason: 'already_used' } },
      });
    });

    it('refuses an input request presented for another input, or edited', async () => {
      const executor = await setUp();
      const request = createToolRequest('q_pick', { note: 'x' });
      const input = inputOf(await executor.execute(request));
      const other = await executor.executeWithInput({ ...request, input: { note: 'y' } }, input, { action: 'decline' });
      expect(other).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { details: { reason: 'binding_mismatch' } },
      });
      const edited = await executor.executeWithInput(
        request,
        { ...input, message: 'Delete everything?' },
        { action: 'decline' },
      );
      expect(edited).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { details: { reason: 'binding_mismatch' } },
      });
    });

    it('refuses an answer that does not match the question, running nothing', async () => {
      const executor = await setUp();
      const request = createToolRequest('q_pick');
      const input = inputOf(await executor.execute(request));
      const outcome = await executor.executeWithInput(request, input, { action: 'accept', content: { file: 42 } });
      expect(outcome).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { code: 'invalid_input', details: { reason: 'invalid_answer' } },
      });
    });

    it('replays earlier answers of the run to a tool that asks twice', async () => {
      const executor = await setUp();
      const request = createToolRequest('q_two');
      const first = inputOf(await executor.execute(request));
      const second = inputOf(
        await executor.executeWithInput(request, first, { action: 'accept', content: { file: 'a.txt' } }),
      );
      expect(second.message).toBe('Second?');
      expect(second.answered).toStrictEqual([
        { message: 'First?', schema: FORM, result: { action: 'accept', content: { file: 'a.txt' } } },
      ]);
      expect(textOf(await executor.executeWithInput(request, second, { action: 'cancel' }))).toBe('a.txt,cancel');
    });

    it('ends interrupted even when the tool catches what ctx.elicit threw', async () => {
      const outcome = await (await setUp()).execute(createToolRequest('q_swallow'));
      expect(outcome).toMatchObject({ status: 'interrupted', interruption: { type: 'input_required' } });
    });
  });

  describe('ctx.sample', () => {
    it('asks the bound SAMPLING_HANDLER', async () => {
      const executor = await setUp({
        sampling: {
          sample: (request) =>
            Promise.resolve({
              role: 'assistant',
              content: { type: 'text', text: `hi (${request.maxTokens})` },
              model: 'test-model',
            }),
        },
      });
      expect(textOf(await executor.execute(createToolRequest('q_sample')))).toBe('test-model: hi (20)');
    });

    it('without a handler ends interrupted with capability_required, never hanging', async () => {
      const request = createToolRequest('q_sample');
      const outcome = await (await setUp()).execute(request);
      expect(outcome).toMatchObject({
        status: 'interrupted',
        interruption: {
          type: 'capability_required',
          capability: 'sampling',
          callId: request.callId,
          toolName: 'q_sample',
        },
      });
    });

    it('fails the call when the handler answers something malformed', async () => {
      const executor = await setUp({ sampling: { sample: () => Promise.resolve({ text: 'no' } as never) } });
      const outcome = await executor.execute(createToolRequest('q_sample'));
      expect(outcome).toMatchObject({ status: 'failed', error: { details: { reason: 'invalid_sampling_result' } } });
    });
  });
});
