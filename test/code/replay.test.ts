import { afterEach, describe, expect, it } from '@jest/globals';
import {
  AuthRequiredError,
  buildToolResult,
  InMemoryApprovalStore,
  PermissionDecision,
  type PermissionChecker,
  type ToolExecutionOutcome,
  type ToolExecutor,
} from '../../src/index.js';
import { plainTool, TestRequest } from '../fixtures/plainTool.js';
import { codeRequest, createCodeHost } from './fixtures/createCodeHost.js';

/** Asks a person for `test.write`, allows everything else. */
const ASK_FOR_WRITES: PermissionChecker = {
  evaluate: (request) =>
    request.kind === 'test.write' ? PermissionDecision.requireApproval('it writes') : PermissionDecision.allow(),
};

const executors: ToolExecutor[] = [];
afterEach(async () => {
  for (const executor of executors.splice(0)) await executor.close();
});

function makeTools() {
  const read = plainTool({ name: 'read' });
  const write = plainTool({
    name: 'write',
    preflight: (request) => [new TestRequest('test.write', JSON.stringify(request.input))],
  });
  const slow = plainTool({
    name: 'slow',
    invoke: async (request) => {
      await new Promise((resolve) => setTimeout(resolve, (request.input as { ms: number }).ms));
      return buildToolResult(request, { type: 'structured', value: request.input });
    },
  });
  return { read, write, slow };
}

async function host(tools: ReturnType<typeof makeTools>, approvals = new InMemoryApprovalStore()) {
  const executor = await createCodeHost({ tools: Object.values(tools), permissions: ASK_FOR_WRITES, approvals });
  executors.push(executor);
  return executor;
}

function approvalOf(outcome: ToolExecutionOutcome) {
  if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required') {
    throw new Error(`expected an approval, got ${JSON.stringify(outcome)}`);
  }
  return outcome.interruption.approval;
}

function valueOf(outcome: ToolExecutionOutcome): { result: unknown; console: readonly string[]; toolCalls: number } {
  if (outcome.status !== 'completed' || outcome.result.result.output.type !== 'structured') {
    throw new Error(`expected a structured result, got ${JSON.stringify(outcome)}`);
  }
  return outcome.result.result.output.value as never;
}

describe('code_run pauses and resumes by replay', () => {
  it('answers the calls it already made from its record: nothing runs twice', async () => {
    const tools = makeTools();
    const executor = await host(tools);
    const code = `
      const a = await tools.read({ n: 1 });
      const b = await tools.read({ n: 2 });
      console.log('before the write');
      await tools.write({ sum: a.n + b.n });
      const c = await tools.read({ n: 3 });
      return [a.n, b.n, c.n];
    `;
    const first = await executor.execute(codeRequest(code));
    const approval = approvalOf(first);
    expect(approval).toMatchObject({ callId: 'run-1/3', toolName: 'write' });
    expect(approval.requests).toStrictEqual([
      { kind: 'test.write', summary: 'test.write {"sum":3}', target: '{"sum":3}' },
    ]);
    expect(tools.read.calls.map((call) => call.input)).toStrictEqual([{ n: 1 }, { n: 2 }]);
    expect(tools.write.calls).toHaveLength(0);

    const resumed = await executor.executeApproved(codeRequest(code), approval);
    expect(valueOf(resumed)).toStrictEqual({
      result: [1, 2, 3],
      console: ['before the write'],
      consoleCut: 0,
      toolCalls: 4,
    });
    expect(tools.read.calls.map((call) => call.input)).toStrictEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(tools.write.calls.map((call) => [call.callId, call.input])).toStrictEqual([['run-1/3', { sum: 3 }]]);
  });

  it('pauses twice and resumes twice (a record per pause), each write approved on its own', async () => {
    const tools = makeTools();
    const executor = await host(tools);
    const code = `
      await tools.write({ step: 1 });
      await tools.read({ between: true });
      await tools.write({ step: 2 });
      return 'done';
    `;
    const first = approvalOf(await executor.execute(codeRequest(code)));
    const second = approvalOf(await executor.executeApproved(codeRequest(code), first));
    expect(second).toMatchObject({ callId: 'run-1/3' });
    const done = await executor.executeApproved(codeRequest(code), second);
    expect(valueOf(done).result).toBe('done');
    expect(tools.write.calls.map((call) => call.input)).toStrictEqual([{ step: 1 }, { step: 2 }]);
    expect(tools.read.calls).toHaveLength(1);
  });

  it('gives a replay the same Date and Math.random as the paused run, so the approved call is the same call', async () => {
    const tools = makeTools();
    const executor = await host(tools);
    const code = `
      const stamp = { now: Date.now(), date: new Date().toISOString(), random: Math.random() };
      await tools.write(stamp);
      return stamp;
    `;
    const approval = approvalOf(await executor.execute(codeRequest(code)));
    const resumed = valueOf(await executor.executeApproved(codeRequest(code), approval));
    expect(tools.write.calls.map((call) => call.input)).toStrictEqual([resumed.result]);
    const stamp = resumed.result as { now: number; date: string; random: number };
    expect(new Date(stamp.now).toISOString()).toBe(stamp.date);
    expect(stamp.random).toBeGreaterThanOrEqual(0);
    expect(stamp.random).toBeLessThan(1);
  });

  it('answers concurrent calls in the order they were made, live and on replay alike', async () => {
    const tools = makeTools();
    const executor = await host(tools);
    // The slow call finishes last but was made first: the script sees it first either way.
    const code = `
      const seen = [];
      await Promise.all([
        tools.slow({ ms: 60 }).then(() => seen.push('slow')),
        tools.slow({ ms: 1 }).then(() => seen.push('fast')),
      ]);
      await tools.write({ seen });
      return seen;
    `;
    const approval = approvalOf(await executor.execute(codeRequest(code)));
    expect(approval.requests[0]?.target).toBe('{"seen":["slow","fast"]}');
    const resumed = valueOf(await executor.executeApproved(codeRequest(code), approval));
    expect(resumed.result).toStrictEqual(['slow', 'fast']);
    expect(tools.slow.calls).toHaveLength(2);
  });

  it('records calls still running when another pauses, and never starts new ones', async () => {
    const tools = makeTools();
    const executor = await host(tools);
    const code = `
      const [w, s] = await Promise.all([tools.write({ x: 1 }), tools.slow({ ms: 40 })]);
      await tools.read({ after: s.ms });
      return 'ok';
    `;
    const approval = approvalOf(await executor.execute(codeRequest(code)));
    expect(tools.slow.calls).toHaveLength(1);
    expect(tools.read.calls).toHaveLength(0);
    const resumed = await executor.executeApproved(codeRequest(code), approval);
    expect(valueOf(resumed).result).toBe('ok');
    expect(tools.slow.calls).toHaveLength(1);
    expect(tools.read.calls.map((call) => call.input)).toStrictEqual([{ after: 40 }]);
  });

  it('fails a replay that makes another call than its record holds, running nothing for it', async () => {
    const tools = makeTools();
    const approvals = new InMemoryApprovalStore();
    const executor = await host(tools, approvals);
    // The script depends on something outside its calls' answers: the callable tools' declarations.
    const code = `
      const counts = describe('read').includes('count');
      await tools.read({ counts });
      await tools.write({ x: 1 });
      return 'done';
    `;
    const approval = approvalOf(await executor.execute(codeRequest(code)));
    // The host changes the read tool's schema meanwhile (same store, a new executor).
    const changed = makeTools();
    const bigger = plainTool({
      name: 'read',
      inputSchema: { type: 'object', properties: { count: { type: 'number' } } },
    });
    const later = await createCodeHost({
      tools: [bigger, changed.write, changed.slow],
      permissions: ASK_FOR_WRITES,
      approvals,
    });
    executors.push(later);
    const resumed = await later.executeApproved(codeRequest(code), approval);
    expect(resumed).toMatchObject({
      status: 'failed',
      error: { code: 'execution_failed', details: { reason: 'replay_diverged' } },
    });
    expect(resumed.status === 'failed' ? resumed.error.message : '').toContain('call 1 as tools.read');
    expect(bigger.calls).toHaveLength(0);
    expect(changed.write.calls).toHaveLength(0);
  });

  it('refuses to resume a paused call with another script, and a record twice', async () => {
    const tools = makeTools();
    const executor = await host(tools);
    const code = 'await tools.write({ x: 1 }); return 1;';
    const approval = approvalOf(await executor.execute(codeRequest(code)));
    const other = await executor.executeApproved(codeRequest('await tools.write({ x: 2 }); return 2;'), approval);
    expect(other).toMatchObject({
      status: 'failed',
      error: { code: 'permission_denied', details: { reason: 'binding_mismatch' } },
    });
    expect(tools.write.calls).toHaveLength(0);
    expect(valueOf(await executor.executeApproved(codeRequest(code), approval)).result).toBe(1);
    const again = await executor.executeApproved(codeRequest(code), approval);
    expect(again).toMatchObject({
      status: 'failed',
      error: { code: 'permission_denied', details: { reason: 'already_used' } },
    });
    expect(tools.write.calls).toHaveLength(1);
  });

  it("tells the model, when the person declines a script's call, that the script ran up to it", async () => {
    const tools = makeTools();
    const executor = await host(tools);
    const code = 'await tools.read({ n: 1 }); await tools.write({ x: 1 }); return 1;';
    const first = await executor.execute(codeRequest(code));
    approvalOf(first);
    if (first.status !== 'interrupted') throw new Error('expected a pause');
    const rejected = await executor.reject({ request: codeRequest(code), interruption: first.interruption }, 'not now');
    expect(rejected).toMatchObject({
      status: 'failed',
      invoked: true,
      error: { code: 'permission_denied', details: { reason: 'rejected_by_user', approvalStatus: 'consumed' } },
    });
    expect(rejected.status === 'failed' ? rejected.error.message : '').toContain(
      'declined the call of tool `write` that tool `code_run` made, so that call was not run (what `code_run` did before it stands)',
    );
    expect(tools.write.calls).toHaveLength(0);
    expect(tools.read.calls).toHaveLength(1);
  });

  it('pauses for a question and resumes with the answer (executeWithInput)', async () => {
    const asks = plainTool({
      name: 'asks',
      invoke: async (request, ctx) => {
        const answer = await ctx.elicit({
          message: 'Which file?',
          schema: { type: 'object', properties: { file: { type: 'string' } }, required: ['file'] },
        });
        return buildToolResult(request, { type: 'structured', value: answer as never });
      },
    });
    const tools = makeTools();
    const executor = await createCodeHost({ tools: [...Object.values(tools), asks], permissions: ASK_FOR_WRITES });
    executors.push(executor);
    const code = `
      await tools.read({ first: true });
      const answer = await tools.asks({});
      return answer.content.file;
    `;
    const first = await executor.execute(codeRequest(code));
    if (first.status !== 'interrupted' || first.interruption.type !== 'input_required')
      throw new Error(JSON.stringify(first));
    expect(first.interruption.input).toMatchObject({ callId: 'run-1/2', toolName: 'asks', message: 'Which file?' });
    const resumed = await executor.executeWithInput(codeRequest(code), first.interruption.input, {
      action: 'accept',
      content: { file: 'b.txt' },
    });
    expect(valueOf(resumed).result).toBe('b.txt');
    expect(tools.read.calls).toHaveLength(1);
  });

  it('pauses for authentication and resumes when the same request is run again', async () => {
    let signedIn = false;
    const remote = plainTool({
      name: 'remote',
      invoke: (request) => {
        if (!signedIn) throw new AuthRequiredError({ provider: 'example', challenge: 'Bearer' });
        return buildToolResult(request, { type: 'text', text: 'secret' });
      },
    });
    const tools = makeTools();
    const executor = await createCodeHost({ tools: [...Object.values(tools), remote], permissions: ASK_FOR_WRITES });
    executors.push(executor);
    const code = 'const a = await tools.read({ once: true }); return [a.once, await tools.remote({})];';
    const first = await executor.execute(codeRequest(code));
    expect(first).toMatchObject({
      status: 'interrupted',
      interruption: { type: 'auth_required', auth: { callId: 'run-1/2' } },
    });
    signedIn = true;
    expect(valueOf(await executor.execute(codeRequest(code))).result).toStrictEqual([true, 'secret']);
    expect(tools.read.calls).toHaveLength(1);
  });

  it('throws a denied or failed call into the script as a ToolCallError it can catch', async () => {
    const denies: PermissionChecker = {
      evaluate: (request) =>
        request.kind === 'test.write' ? PermissionDecision.deny('no writes here') : PermissionDecision.allow(),
    };
    const tools = makeTools();
    const executor = await createCodeHost({ tools: Object.values(tools), permissions: denies });
    executors.push(executor);
    const code = `
      const seen = [];
      try { await tools.write({ x: 1 }); } catch (e) { seen.push([e instanceof ToolCallError, e.code, e.tool, e.message]); }
      try { await tools.read('not an object'); } catch (e) { seen.push([e.code, e.reason]); }
      try { await tools.nothing({}); } catch (e) { seen.push([e.code, e.reason]); }
      return seen;
    `;
    const result = valueOf(await executor.execute(codeRequest(code))).result as unknown[][];
    expect(result[0]?.slice(0, 3)).toStrictEqual([true, 'permission_denied', 'write']);
    expect(String(result[0]?.[3])).toContain('no writes here');
    expect(result[1]?.[0]).toBe('invalid_input');
    expect(result[2]).toStrictEqual(['not_found', 'unknown_tool']);
    expect(tools.write.calls).toHaveLength(0);
  });
});
