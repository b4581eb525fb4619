import { describe, expect, it } from '@jest/globals';
import { PermissionDecision } from '../../src/index.js';
import {
  createToolRequest,
  getCompletedOutput,
  RecordingPermissionChecker,
  runScriptedCalls,
} from '../../src/testing/index.js';
import { createExecutor } from '../fixtures/createExecutor.js';
import { plainTool, TestRequest } from '../fixtures/plainTool.js';

function guardedExecutor() {
  const tool = plainTool({
    name: 'guarded',
    preflight: (request) => [new TestRequest('test.write', JSON.stringify(request.input))],
  });
  const checker = new RecordingPermissionChecker(() => PermissionDecision.requireApproval('ask'));
  return { tool, checker, executor: createExecutor([tool], { permissions: checker }) };
}

describe(RecordingPermissionChecker.name, () => {
  it('records each request with its context and the decision, in order', async () => {
    const { checker, executor } = guardedExecutor();
    const request = createToolRequest('guarded', { n: 1 });
    await executor.execute(request);
    expect(checker.records).toStrictEqual([
      {
        request: { kind: 'test.write', summary: 'test.write {"n":1}', target: '{"n":1}' },
        context: { toolName: 'guarded', callId: request.callId, sessionId: 'session-1', turnId: 'turn-1' },
        decision: { type: 'require_approval', reason: 'ask' },
      },
    ]);
    checker.clear();
    expect(checker.kinds()).toStrictEqual([]);
  });

  it('delegates to another checker and allows everything by default', async () => {
    const denying = new RecordingPermissionChecker({ evaluate: () => PermissionDecision.deny('no', 'nope') });
    const ctx = { toolName: 't', callId: 'c', sessionId: 's', turnId: 'u' };
    expect(await denying.evaluate(new TestRequest('k', 'x'), ctx)).toStrictEqual({
      type: 'deny',
      code: 'nope',
      reason: 'no',
    });
    expect(await new RecordingPermissionChecker().evaluate(new TestRequest('k', 'x'), ctx)).toStrictEqual({
      type: 'allow',
    });
  });
});

describe(createToolRequest.name, () => {
  it('gives fresh call ids and default session and turn, overridable', () => {
    const first = createToolRequest('a');
    const second = createToolRequest('a', { x: 1 }, { sessionId: 'other' });
    expect(first.callId).not.toBe(second.callId);
    expect(second).toStrictEqual({
      callId: second.callId,
      toolName: 'a',
      input: { x: 1 },
      sessionId: 'other',
      turnId: 'turn-1',
      metadata: {},
    });
  });
});

describe(runScriptedCalls.name, () => {
  it('approves what the script approves, after a JSON round trip, and leaves the rest interrupted', async () => {
    const { tool, executor } = guardedExecutor();
    const records = await runScriptedCalls(executor, [
      { toolName: 'guarded', input: { n: 1 }, approve: true },
      { toolName: 'guarded', input: { n: 2 } },
    ]);
    expect(records.map((record) => [record.first.status, record.outcome.status])).toStrictEqual([
      ['interrupted', 'completed'],
      ['interrupted', 'interrupted'],
    ]);
    expect(tool.calls.map((call) => call.input)).toStrictEqual([{ n: 1 }]);
  });
});

describe(getCompletedOutput.name, () => {
  it('returns the output of a completed call and throws a description otherwise', async () => {
    const executor = createExecutor([plainTool({ name: 'echo' })]);
    expect(getCompletedOutput(await executor.execute(createToolRequest('echo', { a: 1 })))).toStrictEqual({
      type: 'structured',
      value: { a: 1 },
    });
    const missing = await executor.execute(createToolRequest('nope'));
    expect(() => getCompletedOutput(missing)).toThrow('Expected the call to complete, but it failed (not_found)');
  });
});
