import { describe, expect, it } from '@jest/globals';
import { BasicToolExecutor, Preflight, Tool, ToolRegistry, type ToolExecutionOutcome } from '../../src/index.js';
import { failed } from '../../src/executor/failure.js';
import { CONTINUE, defineStep, type ExecutorStep } from '../../src/executor/steps/ExecutorStep.js';
import type { StepListEditor } from '../../src/executor/steps/buildExecutorSteps.js';
import { getToolClassMetadata } from '../../src/metadata/getToolClassMetadata.js';
import { ClassTool } from '../../src/registry/ClassTool.js';
import { createToolRequest } from '../../src/testing/index.js';
import { ALLOW_ALL, createExecutor } from '../fixtures/createExecutor.js';
import { plainTool, TestRequest } from '../fixtures/plainTool.js';

/** `step` put into every list right before the step named `before`. */
function insertBefore(before: string, step: ExecutorStep): StepListEditor {
  return (steps) => {
    const at = steps.findIndex((candidate) => candidate.name === before);
    if (at < 0) throw new Error(`no step named ${before}`);
    return [...steps.slice(0, at), step, ...steps.slice(at)];
  };
}

function failureOf(outcome: ToolExecutionOutcome): unknown {
  if (outcome.status !== 'failed') throw new Error(`expected failed, got ${JSON.stringify(outcome)}`);
  return { code: outcome.error.code, details: outcome.error.details, invoked: outcome.invoked };
}

/** A promise that settles once pending I/O and promise callbacks ran (a real turn of the event loop). */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

@Tool({ name: 'sync_echo', description: 'Echoes its text, synchronously.', input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } })
class SyncEchoTool {
  @Preflight()
  public preflight(input: { text: string }): TestRequest {
    return new TestRequest('test.echo', input.text);
  }

  public invoke(input: { text: string }): string {
    return input.text;
  }
}

function syncEchoExecutor(steps?: StepListEditor): BasicToolExecutor {
  const definition = getToolClassMetadata(SyncEchoTool)?.definition;
  if (definition === undefined) throw new Error('SyncEchoTool is not decorated');
  const registry = new ToolRegistry().register(new ClassTool(new SyncEchoTool(), definition, 'preflight'));
  return new BasicToolExecutor({ registry, permissions: ALLOW_ALL, ...(steps === undefined ? {} : { steps }) });
}

describe(BasicToolExecutor.name, () => {
  describe('.execute (the steps)', () => {
    it('runs a call through its named steps, in order', async () => {
      const seen: string[] = [];
      const recordEach: StepListEditor = (steps) => steps.map((step) => defineStep(step.name, (call) => (seen.push(step.name), step.run(call))));
      const outcome = await syncEchoExecutor(recordEach).execute(createToolRequest('sync_echo', { text: 'hi' }));
      expect(outcome.status).toBe('completed');
      expect(seen).toStrictEqual(['checkCall', 'lookUp', 'checkLimits', 'validateInput', 'parseInput', 'preflight', 'permit', 'decide', 'invoke', 'normalize', 'time']);
    });

    it('takes one inserted step: a rate limit refuses the third call, categorized, without running it', async () => {
      let admitted = 0;
      const rateLimit = defineStep('rateLimit', (call) =>
        ++admitted <= 2 ? CONTINUE : failed('unavailable', `Tool \`${call.request.toolName}\` is rate limited: 2 calls allowed.`, { reason: 'rate_limited', limit: 2 }, false),
      );
      const tool = plainTool({ name: 'limited' });
      const executor = createExecutor([tool], { steps: insertBefore('invoke', rateLimit) });
      const outcomes = [];
      for (let i = 0; i < 3; i++) outcomes.push(await executor.execute(createToolRequest('limited', {}, { callId: `call-${i}` })));
      expect(outcomes.map((outcome) => outcome.status)).toStrictEqual(['completed', 'completed', 'failed']);
      expect(failureOf(outcomes[2] as ToolExecutionOutcome)).toStrictEqual({ code: 'unavailable', details: { reason: 'rate_limited', limit: 2 }, invoked: false });
      expect(tool.calls).toHaveLength(2);
    });

    it('takes an audit step after normalize: it sees every result and can redact it before the call completes', async () => {
      const audit: unknown[] = [];
      const redact = defineStep('auditAndRedact', (call) => {
        const { result } = call;
        if (result === undefined) throw new Error('audit ran before normalize');
        const { output } = result.result;
        audit.push({ toolName: call.request.toolName, callId: call.request.callId, output });
        if (output.type === 'text') call.result = { ...result, result: { ...result.result, output: { type: 'text', text: output.text.replaceAll(/sk-\w+/gu, '[redacted]') } } };
        return CONTINUE;
      });
      const executor = syncEchoExecutor(insertBefore('time', redact));
      const outcome = await executor.execute(createToolRequest('sync_echo', { text: 'key sk-abc123 here' }, { callId: 'audited' }));
      expect(outcome.status === 'completed' && outcome.result.result.output).toStrictEqual({ type: 'text', text: 'key [redacted] here' });
      expect(audit).toStrictEqual([{ toolName: 'sync_echo', callId: 'audited', output: { type: 'text', text: 'key sk-abc123 here' } }]);
    });

    it('ends a call whose step throws before the body as internal, invoked: false, and never runs the body', async () => {
      const tool = plainTool({ name: 'guarded' });
      const broken = defineStep('broken', () => {
        throw new Error('the step broke');
      });
      const outcome = await createExecutor([tool], { steps: insertBefore('permit', broken) }).execute(createToolRequest('guarded'));
      expect(failureOf(outcome)).toStrictEqual({ code: 'internal', details: { errorName: 'Error' }, invoked: false });
      expect(outcome.status === 'failed' && outcome.error.message).toContain('the step broke');
      expect(tool.calls).toHaveLength(0);
    });

    it('ends a call whose step throws after the body as internal, invoked: true', async () => {
      const tool = plainTool({ name: 'ran' });
      const broken = defineStep('brokenAudit', () => {
        throw new Error('the audit log is full');
      });
      const outcome = await createExecutor([tool], { steps: insertBefore('time', broken) }).execute(createToolRequest('ran'));
      expect(failureOf(outcome)).toStrictEqual({ code: 'internal', details: { errorName: 'Error' }, invoked: true });
      expect(tool.calls).toHaveLength(1);
    });

    it('ends a call whose step resolves to something that is neither CONTINUE nor an outcome as internal, invoked: false', async () => {
      const tool = plainTool({ name: 'guarded' });
      const garbled = defineStep('garbled', () => Promise.resolve({ status: 'maybe' }));
      const outcome = await createExecutor([tool], { steps: insertBefore('invoke', garbled) }).execute(createToolRequest('guarded'));
      expect(failureOf(outcome)).toStrictEqual({ code: 'internal', details: { errorName: 'Error' }, invoked: false });
      expect(outcome.status === 'failed' && outcome.error.message).toContain('step `garbled` resolved to neither CONTINUE nor an outcome');
      expect(tool.calls).toHaveLength(0);
    });
  });

  describe('.execute (a tool with invokeValue)', () => {
    it('calls invokeValue instead of invoke and normalizes the raw value it answers', async () => {
      const tool = { ...plainTool({ name: 'raw' }), invokeValue: (): unknown => ({ answer: 42 }) };
      const outcome = await createExecutor([tool]).execute(createToolRequest('raw'));
      expect(outcome.status === 'completed' && outcome.result.result.output).toStrictEqual({ type: 'structured', value: { answer: 42 } });
      expect(tool.calls).toHaveLength(0);
    });
  });

  describe('.execute (the runner stays synchronous until a step answers a promise)', () => {
    it('settles a fully synchronous call (tool, preflight, checker) with no extra tick', async () => {
      const order: string[] = [];
      const done = syncEchoExecutor()
        .execute(createToolRequest('sync_echo', { text: 'now' }))
        .then((outcome) => order.push(`outcome ${outcome.status}`));
      await Promise.resolve().then(() => order.push('one tick later'));
      await done;
      expect(order).toStrictEqual(['outcome completed', 'one tick later']);
    });

    it('continues with the next steps when a step in the middle answers a promise', async () => {
      const seen: string[] = [];
      const later = defineStep('later', () => nextTurn().then(() => (seen.push('later'), CONTINUE)));
      const recordEach: StepListEditor = (steps) =>
        insertBefore('permit', later)(steps).map((step) => (step === later ? step : defineStep(step.name, (call) => (seen.push(step.name), step.run(call)))));
      const outcome = await syncEchoExecutor(recordEach).execute(createToolRequest('sync_echo', { text: 'after a turn' }));
      expect(outcome.status === 'completed' && outcome.result.result.output).toStrictEqual({ type: 'text', text: 'after a turn' });
      expect(seen.slice(seen.indexOf('preflight'))).toStrictEqual(['preflight', 'later', 'permit', 'decide', 'invoke', 'normalize', 'time']);
    });

    it("awaits a step's promise under the checks' budget: past it the call ends, invoked: false, and no later step runs", async () => {
      const tool = plainTool({ name: 'never' });
      let permitted = false;
      const stalled = defineStep('stalled', () => new Promise<never>(() => undefined));
      const afterStall: StepListEditor = (steps) =>
        insertBefore('permit', stalled)(steps).map((step) => (step.name === 'permit' ? defineStep('permit', (call) => ((permitted = true), step.run(call))) : step));
      const outcome = await createExecutor([tool], { steps: afterStall }).execute(createToolRequest('never'), { timeoutMs: 50 });
      expect(failureOf(outcome)).toStrictEqual({ code: 'interrupted', details: { reason: 'timeout', timeoutMs: 50, stage: 'checks' }, invoked: false });
      expect(permitted).toBe(false);
      expect(tool.calls).toHaveLength(0);
    });
  });
});
