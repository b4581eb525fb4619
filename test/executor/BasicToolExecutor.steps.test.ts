import { describe, expect, it } from '@jest/globals';
import {
  BasicToolExecutor,
  Preflight,
  Tool,
  ToolError,
  ToolRegistry,
  type ExecutorStep,
  type FinishedCall,
  type PermittedCall,
  type ToolExecutionOutcome,
} from '../../src/index.js';
import { type ExecutorSteps } from '../../src/internal/index.js';
import { createToolRequest } from '../../src/testing/index.js';
import { ALLOW_ALL, createExecutor } from '../fixtures/createExecutor.js';
import { plainTool, TestRequest } from '../fixtures/plainTool.js';
import { toClassTool } from '../fixtures/toClassTool.js';

function failureOf(outcome: ToolExecutionOutcome): unknown {
  if (outcome.status !== 'failed') throw new Error(`expected failed, got ${JSON.stringify(outcome)}`);
  return { code: outcome.error.code, details: outcome.error.details, invoked: outcome.invoked };
}

/** A promise that settles once pending I/O and promise callbacks ran (a real turn of the event loop). */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

@Tool({
  name: 'sync_echo',
  description: 'Echoes its text, synchronously.',
  input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
})
class SyncEchoTool {
  public readonly seen: string[] = [];

  @Preflight()
  public preflight(input: { text: string }): TestRequest {
    this.seen.push('preflight');
    return new TestRequest('test.echo', input.text);
  }

  public invoke(input: { text: string }): string {
    this.seen.push('body');
    return input.text;
  }
}

function syncEchoExecutor(tool: SyncEchoTool, steps?: ExecutorSteps): BasicToolExecutor {
  const registry = new ToolRegistry().register(toClassTool(tool));
  return new BasicToolExecutor({ registry, permissions: ALLOW_ALL, ...(steps === undefined ? {} : { steps }) });
}

/** A rate limit as a host writes it: `limit` calls admitted, the next ones refused, categorized. */
function rateLimit(limit: number): ExecutorStep<PermittedCall> {
  let admitted = 0;
  return {
    name: 'rateLimit',
    run: (call) =>
      ++admitted <= limit
        ? call
        : {
            status: 'failed',
            error: new ToolError(
              'unavailable',
              `Tool \`${call.request.toolName}\` is rate limited: ${limit} calls allowed.`,
              { reason: 'rate_limited', limit },
            ),
            invoked: false,
          },
  };
}

describe(BasicToolExecutor.name, () => {
  describe('.execute (extra steps)', () => {
    it('runs beforeInvoke steps after every check and afterResult steps after the body, in order', async () => {
      const tool = new SyncEchoTool();
      const record =
        <V>(name: string) =>
        (call: V): V => (tool.seen.push(name), call);
      const outcome = await syncEchoExecutor(tool, {
        beforeInvoke: [
          { name: 'first', run: record<PermittedCall>('first') },
          { name: 'second', run: record<PermittedCall>('second') },
        ],
        afterResult: [{ name: 'audit', run: record<FinishedCall>('audit') }],
      }).execute(createToolRequest('sync_echo', { text: 'hi' }));
      expect(outcome.status).toBe('completed');
      expect(tool.seen).toStrictEqual(['preflight', 'first', 'second', 'body', 'audit']);
    });

    it('takes a rate limit before the body: the third call is refused, categorized, without running it', async () => {
      const tool = plainTool({ name: 'limited' });
      const executor = createExecutor([tool], { steps: { beforeInvoke: [rateLimit(2)] } });
      const outcomes = [];
      for (let i = 0; i < 3; i++)
        outcomes.push(await executor.execute(createToolRequest('limited', {}, { callId: `call-${i}` })));
      expect(outcomes.map((outcome) => outcome.status)).toStrictEqual(['completed', 'completed', 'failed']);
      expect(failureOf(outcomes[2] as ToolExecutionOutcome)).toStrictEqual({
        code: 'unavailable',
        details: { reason: 'rate_limited', limit: 2 },
        invoked: false,
      });
      expect(tool.calls).toHaveLength(2);
    });

    it('takes an audit step after the result: it sees every result and can redact it before the call completes', async () => {
      const audit: unknown[] = [];
      const redact: ExecutorStep<FinishedCall> = {
        name: 'auditAndRedact',
        run: (call) => {
          const { output } = call.result.result;
          audit.push({ toolName: call.request.toolName, callId: call.request.callId, input: call.input, output });
          if (output.type === 'text') {
            call.result = {
              ...call.result,
              result: {
                ...call.result.result,
                output: { type: 'text', text: output.text.replaceAll(/sk-\w+/gu, '[redacted]') },
              },
            };
          }
          return call;
        },
      };
      const executor = syncEchoExecutor(new SyncEchoTool(), { afterResult: [redact] });
      const outcome = await executor.execute(
        createToolRequest('sync_echo', { text: 'key sk-abc123 here' }, { callId: 'audited' }),
      );
      expect(outcome.status === 'completed' && outcome.result.result.output).toStrictEqual({
        type: 'text',
        text: 'key [redacted] here',
      });
      expect(audit).toStrictEqual([
        {
          toolName: 'sync_echo',
          callId: 'audited',
          input: { text: 'key sk-abc123 here' },
          output: { type: 'text', text: 'key sk-abc123 here' },
        },
      ]);
    });

    it('ends a call whose step throws before the body as internal, invoked: false, and never runs the body', async () => {
      const tool = plainTool({ name: 'guarded' });
      const broken: ExecutorStep<PermittedCall> = {
        name: 'broken',
        run: () => {
          throw new Error('the step broke');
        },
      };
      const outcome = await createExecutor([tool], { steps: { beforeInvoke: [broken] } }).execute(
        createToolRequest('guarded'),
      );
      expect(failureOf(outcome)).toStrictEqual({ code: 'internal', details: { errorName: 'Error' }, invoked: false });
      expect(outcome.status === 'failed' && outcome.error.message).toContain('the step broke');
      expect(tool.calls).toHaveLength(0);
    });

    it('ends a call whose step throws after the body as internal, invoked: true', async () => {
      const tool = plainTool({ name: 'ran' });
      const broken: ExecutorStep<FinishedCall> = {
        name: 'brokenAudit',
        run: () => {
          throw new Error('the audit log is full');
        },
      };
      const outcome = await createExecutor([tool], { steps: { afterResult: [broken] } }).execute(
        createToolRequest('ran'),
      );
      expect(failureOf(outcome)).toStrictEqual({ code: 'internal', details: { errorName: 'Error' }, invoked: true });
      expect(tool.calls).toHaveLength(1);
    });

    it('ends a call whose step answers neither the call nor an outcome as internal, invoked: false, at once or later', async () => {
      const tool = plainTool({ name: 'guarded' });
      const garbled = (later: boolean): ExecutorStep<PermittedCall> => ({
        name: 'garbled',
        run: () =>
          later
            ? Promise.resolve({ status: 'maybe' } as unknown as ToolExecutionOutcome)
            : ({ status: 'maybe' } as unknown as ToolExecutionOutcome),
      });
      for (const later of [false, true]) {
        const outcome = await createExecutor([tool], { steps: { beforeInvoke: [garbled(later)] } }).execute(
          createToolRequest('guarded'),
        );
        expect(failureOf(outcome)).toStrictEqual({ code: 'internal', details: { errorName: 'Error' }, invoked: false });
        expect(outcome.status === 'failed' && outcome.error.message).toMatch(
          /step `garbled` (answered|resolved to) neither the call nor an outcome/u,
        );
      }
      expect(tool.calls).toHaveLength(0);
    });
  });

  describe('.execute (the runner stays synchronous until a step answers a promise)', () => {
    it('settles a fully synchronous call (tool, preflight, checker) with no extra tick', async () => {
      const order: string[] = [];
      const done = syncEchoExecutor(new SyncEchoTool())
        .execute(createToolRequest('sync_echo', { text: 'now' }))
        .then((outcome) => order.push(`outcome ${outcome.status}`));
      await Promise.resolve().then(() => order.push('one tick later'));
      await done;
      expect(order).toStrictEqual(['outcome completed', 'one tick later']);
    });

    it('continues with the next steps when a step in the middle answers a promise', async () => {
      const tool = new SyncEchoTool();
      const later: ExecutorStep<PermittedCall> = {
        name: 'later',
        run: (call) => nextTurn().then(() => (tool.seen.push('later'), call)),
      };
      const outcome = await syncEchoExecutor(tool, { beforeInvoke: [later] }).execute(
        createToolRequest('sync_echo', { text: 'after a turn' }),
      );
      expect(outcome.status === 'completed' && outcome.result.result.output).toStrictEqual({
        type: 'text',
        text: 'after a turn',
      });
      expect(tool.seen).toStrictEqual(['preflight', 'later', 'body']);
    });

    it("awaits a step's promise under the checks' budget: past it the call ends, invoked: false, and no later step runs", async () => {
      const tool = plainTool({ name: 'never' });
      let after = false;
      const stalled: ExecutorStep<PermittedCall> = { name: 'stalled', run: () => new Promise<never>(() => undefined) };
      const next: ExecutorStep<PermittedCall> = { name: 'next', run: (call) => ((after = true), call) };
      const outcome = await createExecutor([tool], { steps: { beforeInvoke: [stalled, next] } }).execute(
        createToolRequest('never'),
        { timeoutMs: 50 },
      );
      expect(failureOf(outcome)).toStrictEqual({
        code: 'interrupted',
        details: { reason: 'timeout', timeoutMs: 50, stage: 'checks' },
        invoked: false,
      });
      expect(after).toBe(false);
      expect(tool.calls).toHaveLength(0);
    });
  });
});
