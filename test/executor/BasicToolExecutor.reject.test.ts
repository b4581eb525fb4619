import { describe, expect, it } from '@jest/globals';
import {
  BasicToolExecutor,
  PermissionDecision,
  toToolName,
  type ApprovalRequest,
  type ApprovalStore,
  type PendingCall,
  type PermissionChecker,
  type ToolExecutionOutcome,
  type ToolRequest,
} from '../../src/index.js';
import type { Tool } from '../../src/decorators/Tool.js';
import { createToolRequest } from '../../src/testing/index.js';
import { createExecutor } from '../fixtures/createExecutor.js';
import { OPEN_OBJECT, plainTool, TestRequest } from '../fixtures/plainTool.js';

const ASK: PermissionChecker = { evaluate: () => PermissionDecision.requireApproval('needs a person') };

function writeTool() {
  return plainTool({
    name: 'write',
    preflight: (request) => [new TestRequest('test.write', String((request.input as { path?: string }).path))],
  });
}

/** The pending call, as a host would persist it: through JSON. */
async function pause(executor: BasicToolExecutor, request: ToolRequest): Promise<PendingCall> {
  const outcome = await executor.execute(request);
  if (outcome.status !== 'interrupted') throw new Error(`expected an interruption, got ${JSON.stringify(outcome)}`);
  return JSON.parse(JSON.stringify({ request, interruption: outcome.interruption })) as PendingCall;
}

function approvalOf(pending: PendingCall): ApprovalRequest {
  if (pending.interruption.type !== 'approval_required') throw new Error('expected an approval');
  return pending.interruption.approval;
}

function summarize(outcome: ToolExecutionOutcome): unknown {
  return outcome.status === 'failed'
    ? { code: outcome.error.code, details: outcome.error.details, invoked: outcome.invoked }
    : outcome.status;
}

describe(BasicToolExecutor.name, () => {
  describe('.reject', () => {
    it('consumes the approval and tells the model the user declined, with their reason', async () => {
      const tool = writeTool();
      const executor = createExecutor([tool], { permissions: ASK });
      const pending = await pause(executor, createToolRequest('write', { path: 'a.txt' }));
      const outcome = await executor.reject(pending, 'not on Fridays');

      expect(summarize(outcome)).toStrictEqual({
        code: 'permission_denied',
        details: {
          reason: 'rejected_by_user',
          approvalId: approvalOf(pending).id,
          approvalStatus: 'consumed',
          userReason: 'not on Fridays',
        },
        invoked: false,
      });
      expect(outcome.status === 'failed' && outcome.error.message).toBe(
        'The user declined this call of tool `write`, so it was not run and nothing changed. Their reason: "not on Fridays". Do not call the tool again with the same input; follow the user\'s reason if they gave one, or ask the user how to proceed.',
      );
      const resumed = await executor.executeApproved(pending.request, approvalOf(pending));
      expect(summarize(resumed)).toMatchObject({
        code: 'permission_denied',
        details: { reason: 'already_used' },
        invoked: false,
      });
      expect(tool.calls).toStrictEqual([]);
    });

    it('says nothing of a reason when none was given', async () => {
      const executor = createExecutor([writeTool()], { permissions: ASK });
      const pending = await pause(executor, createToolRequest('write', { path: 'a.txt' }));
      const outcome = await executor.reject(pending);
      expect(summarize(outcome)).toMatchObject({
        details: { reason: 'rejected_by_user', approvalStatus: 'consumed', userReason: null },
      });
      expect(outcome.status === 'failed' && outcome.error.message).not.toContain('reason:');
    });

    it('still answers rejected_by_user for an approval already used or unknown, and tells the host which', async () => {
      const executor = createExecutor([writeTool()], { permissions: ASK });
      const pending = await pause(executor, createToolRequest('write', { path: 'a.txt' }));
      await executor.reject(pending);
      const stranger = createExecutor([writeTool()], { permissions: ASK });
      const statuses = [await executor.reject(pending), await stranger.reject(pending)].map((outcome) =>
        summarize(outcome),
      );
      expect(statuses).toMatchObject([
        {
          code: 'permission_denied',
          details: { reason: 'rejected_by_user', approvalStatus: 'already_used' },
          invoked: false,
        },
        {
          code: 'permission_denied',
          details: { reason: 'rejected_by_user', approvalStatus: 'unknown_approval' },
          invoked: false,
        },
      ]);
    });

    it('leaves an approval of another session untouched', async () => {
      const tool = writeTool();
      const executor = createExecutor([tool], { permissions: ASK });
      const pending = await pause(executor, createToolRequest('write', { path: 'a.txt' }));
      const foreign: PendingCall = { ...pending, request: { ...pending.request, sessionId: 'session-2' } };
      expect(summarize(await executor.reject(foreign))).toMatchObject({
        details: { reason: 'rejected_by_user', approvalStatus: 'binding_mismatch' },
      });
      expect((await executor.executeApproved(pending.request, approvalOf(pending))).status).toBe('completed');
      expect(tool.calls).toHaveLength(1);
    });

    it("consumes a descendant call's approval when the parent is rejected", async () => {
      const child = writeTool();
      const parent: Tool = {
        spec: {
          name: toToolName('parent'),
          description: 'Calls write.',
          inputSchema: OPEN_OBJECT,
          annotations: {},
          metadata: {},
        },
        invoke: () => Promise.reject(new Error('invokeOutcome is used instead')),
        invokeOutcome: (_request, ctx) => ctx.scope.executeChild({ toolName: 'write', input: { path: 'nested.txt' } }),
      };
      const executor = createExecutor([parent, child], {
        permissions: {
          evaluate: (request) =>
            request.kind === 'tool.invoke' ? PermissionDecision.allow() : PermissionDecision.requireApproval('ask'),
        },
      });
      const pending = await pause(executor, createToolRequest('parent', {}));
      expect(approvalOf(pending).toolName).toBe('write');
      expect(summarize(await executor.reject(pending))).toMatchObject({
        details: { reason: 'rejected_by_user', approvalStatus: 'consumed' },
      });
      expect(summarize(await executor.executeApproved(pending.request, approvalOf(pending)))).toMatchObject({
        details: { reason: 'already_used' },
      });
      expect(child.calls).toStrictEqual([]);
    });

    it('answers a call waiting for authentication without touching any store', async () => {
      const executor = createExecutor([writeTool()], { permissions: ASK });
      const pending: PendingCall = {
        request: createToolRequest('write', { path: 'a.txt' }),
        interruption: {
          type: 'auth_required',
          auth: { id: 'auth-1', callId: 'call-x', toolName: 'write', provider: 'mcp:github', challenge: 'Bearer' },
        },
      };
      expect(summarize(await executor.reject(pending))).toStrictEqual({
        code: 'permission_denied',
        details: { reason: 'rejected_by_user', approvalId: null, approvalStatus: 'no_approval', userReason: null },
        invoked: false,
      });
    });

    it('tells the host when the store failed or did not answer in time (the approval may still be usable)', async () => {
      const failing: ApprovalStore = {
        issue: () => undefined,
        get: () => Promise.reject(new Error('connection refused')),
        consume: () => 'unknown',
      };
      const silent: ApprovalStore = {
        issue: () => undefined,
        get: () => new Promise(() => undefined),
        consume: () => 'unknown',
      };
      const statuses = [];
      for (const approvals of [failing, silent]) {
        const executor = createExecutor([writeTool()], { permissions: ASK, approvals, defaultTimeoutMs: 20 });
        const pending = await pause(executor, createToolRequest('write', { path: 'a.txt' }));
        statuses.push(summarize(await executor.reject(pending)));
      }
      expect(statuses).toMatchObject([
        {
          code: 'permission_denied',
          details: { reason: 'rejected_by_user', approvalStatus: 'store_failed' },
          invoked: false,
        },
        {
          code: 'permission_denied',
          details: { reason: 'rejected_by_user', approvalStatus: 'store_failed' },
          invoked: false,
        },
      ]);
    });

    it('answers a malformed pending call with invalid_input, never a throw', async () => {
      const executor = createExecutor([writeTool()], { permissions: ASK });
      const outcomes = await Promise.all(
        [null, {}, { request: { toolName: 'write' } }].map((pending) =>
          executor.reject(pending as unknown as PendingCall),
        ),
      );
      expect(outcomes.map((outcome) => summarize(outcome))).toStrictEqual(
        Array.from({ length: 3 }, () => ({
          code: 'invalid_input',
          details: { reason: 'malformed_request' },
          invoked: false,
        })),
      );
    });

    it('reports the rejection to the observer', async () => {
      const seen: string[] = [];
      const executor = createExecutor([writeTool()], {
        permissions: ASK,
        observer: {
          onStart: (request) => seen.push(`start ${request.toolName}`),
          onEnd: (request, outcome) => seen.push(`end ${request.toolName} ${outcome.status}`),
        },
      });
      const pending = await pause(executor, createToolRequest('write', { path: 'a.txt' }));
      seen.length = 0;
      await executor.reject(pending);
      expect(seen).toStrictEqual(['start write', 'end write failed']);
    });
  });

  describe('.executeApproved with an approval its store does not know', () => {
    it('tells the host to use a durable store, and does not tell the model to call again', async () => {
      const first = createExecutor([writeTool()], { permissions: ASK });
      const pending = await pause(first, createToolRequest('write', { path: 'a.txt' }));
      const restarted = createExecutor([writeTool()], { permissions: ASK });
      const outcome = await restarted.executeApproved(pending.request, approvalOf(pending));
      if (outcome.status !== 'failed') throw new Error('expected a failure');
      expect(outcome.error.details).toStrictEqual({
        reason: 'unknown_approval',
        approvalId: approvalOf(pending).id,
        hint: 'the host application must fix this: the approval store does not hold this approval. Either it never held it (an executor with another store issued it), or it lost it: an in-memory store (the default) loses its approvals when its process ends or restarts and, at its limit (maxEntries, default 10,000), evicts the oldest first, so this one may have been evicted because the limit of the store was reached; a FileApprovalStore loses them when its directory is emptied or replaced (for example by another program using the same directory); a Redis or PostgreSQL store when its keys or rows are deleted. To resume approvals after a restart or in another process, bind one durable store shared by every executor, such as FileApprovalStore from agentkit-tools-core/stores (processes on one machine), or RedisApprovalStore or PostgresApprovalStore from agentkit-tools-core/redis or agentkit-tools-core/postgres (processes on several machines); where approvals wait long under load, raise maxEntries of the in-memory store',
      });
      expect(outcome.error.message).toContain('calling the tool again will not help');
      expect(outcome.error.message).not.toContain('Call the tool again');
    });
  });
});
