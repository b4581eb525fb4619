import { describe, expect, it } from '@jest/globals';
import {
  BasicToolExecutor,
  InMemoryApprovalStore,
  PermissionDecision,
  type ApprovalRequest,
  type PermissionChecker,
  type ToolExecutionOutcome,
  type ToolRequest,
} from '../../src/index.js';
import { createToolRequest } from '../../src/testing/index.js';
import { createExecutor } from '../fixtures/createExecutor.js';
import { plainTool, TestRequest } from '../fixtures/plainTool.js';

const ASK: PermissionChecker = { evaluate: () => PermissionDecision.requireApproval('needs a person') };

function writeTool() {
  return plainTool({
    name: 'write',
    preflight: (request) => [new TestRequest('test.write', String((request.input as { path?: string }).path))],
  });
}

function approvalOf(outcome: ToolExecutionOutcome): ApprovalRequest {
  if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required') {
    throw new Error(`expected an approval interruption, got ${JSON.stringify(outcome)}`);
  }
  return JSON.parse(JSON.stringify(outcome.interruption.approval)) as ApprovalRequest;
}

async function interrupted(executor: BasicToolExecutor, request: ToolRequest): Promise<ApprovalRequest> {
  return approvalOf(await executor.execute(request));
}

function rejection(outcome: ToolExecutionOutcome): unknown {
  return outcome.status === 'failed'
    ? { code: outcome.error.code, reason: outcome.error.details.reason, invoked: outcome.invoked }
    : outcome.status;
}

describe(BasicToolExecutor.name, () => {
  describe('.executeApproved', () => {
    it('runs the exact call after a JSON round trip of the approval', async () => {
      const tool = writeTool();
      const executor = createExecutor([tool], { permissions: ASK });
      const request = createToolRequest('write', { path: 'a.txt', content: 'x' });
      const approval = await interrupted(executor, request);
      const outcome = await executor.executeApproved(request, approval);
      expect(outcome.status).toBe('completed');
      expect(tool.calls).toHaveLength(1);
    });

    it('hands the tool the approval it runs under', async () => {
      let seen: ApprovalRequest | undefined;
      const tool = plainTool({
        name: 'write',
        preflight: () => [new TestRequest('test.write', 'a')],
        invoke: (request, ctx) => {
          seen = ctx.approvedRequest;
          return {
            result: { callId: request.callId, output: { type: 'text', text: 'ok' }, isError: false },
            durationMs: 0,
            metadata: {},
          };
        },
      });
      const executor = createExecutor([tool], { permissions: ASK });
      const request = createToolRequest('write', {});
      const approval = await interrupted(executor, request);
      await executor.executeApproved(request, approval);
      expect(seen?.id).toBe(approval.id);
    });

    it('accepts key order changes in the input (canonical binding)', async () => {
      const executor = createExecutor([writeTool()], { permissions: ASK });
      const request = createToolRequest('write', { path: 'a.txt', content: 'x' });
      const approval = await interrupted(executor, request);
      const reordered = { ...request, input: { content: 'x', path: 'a.txt' } };
      expect((await executor.executeApproved(reordered, approval)).status).toBe('completed');
    });

    it('refuses a different input: approve one content, replay with another', async () => {
      const tool = writeTool();
      const executor = createExecutor([tool], { permissions: ASK });
      const request = createToolRequest('write', { path: 'a.txt', content: 'harmless' });
      const approval = await interrupted(executor, request);
      const swapped = { ...request, input: { path: 'a.txt', content: 'rm -rf /' } };
      expect(rejection(await executor.executeApproved(swapped, approval))).toStrictEqual({
        code: 'permission_denied',
        reason: 'binding_mismatch',
        invoked: false,
      });
      expect(tool.calls).toStrictEqual([]);
    });

    it('refuses another session', async () => {
      const executor = createExecutor([writeTool()], { permissions: ASK });
      const request = createToolRequest('write', { path: 'a' });
      const approval = await interrupted(executor, request);
      const outcome = await executor.executeApproved({ ...request, sessionId: 'session-2' }, approval);
      expect(rejection(outcome)).toStrictEqual({
        code: 'permission_denied',
        reason: 'binding_mismatch',
        invoked: false,
      });
    });

    it('refuses another tool or call', async () => {
      const other = plainTool({ name: 'other', preflight: () => [new TestRequest('test.write', 'a')] });
      const executor = createExecutor([writeTool(), other], { permissions: ASK });
      const request = createToolRequest('write', { path: 'a' });
      const approval = await interrupted(executor, request);
      const outcome = await executor.executeApproved({ ...request, toolName: 'other' }, approval);
      expect(rejection(outcome)).toStrictEqual({
        code: 'permission_denied',
        reason: 'binding_mismatch',
        invoked: false,
      });
      expect(other.calls).toStrictEqual([]);
    });

    it('refuses an approval whose binding was edited by the host', async () => {
      const executor = createExecutor([writeTool()], { permissions: ASK });
      const request = createToolRequest('write', { path: 'a' });
      const approval = await interrupted(executor, request);
      const outcome = await executor.executeApproved(request, { ...approval, binding: '0'.repeat(64) });
      expect(rejection(outcome)).toStrictEqual({
        code: 'permission_denied',
        reason: 'binding_mismatch',
        invoked: false,
      });
    });

    it('honours an approval once only', async () => {
      const tool = writeTool();
      const executor = createExecutor([tool], { permissions: ASK });
      const request = createToolRequest('write', { path: 'a' });
      const approval = await interrupted(executor, request);
      expect((await executor.executeApproved(request, approval)).status).toBe('completed');
      expect(rejection(await executor.executeApproved(request, approval))).toStrictEqual({
        code: 'permission_denied',
        reason: 'already_used',
        invoked: false,
      });
      expect(tool.calls).toHaveLength(1);
    });

    it('lets exactly one of two concurrent resumes through', async () => {
      const tool = writeTool();
      const executor = createExecutor([tool], { permissions: ASK });
      const request = createToolRequest('write', { path: 'a' });
      const approval = await interrupted(executor, request);
      const outcomes = await Promise.all([
        executor.executeApproved(request, approval),
        executor.executeApproved(request, approval),
      ]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toStrictEqual(['completed', 'failed']);
      expect(tool.calls).toHaveLength(1);
    });

    it('refuses an expired approval (default TTL 15 minutes)', async () => {
      let now = Date.parse('2026-01-01T00:00:00Z');
      const executor = createExecutor([writeTool()], { permissions: ASK, now: () => now });
      const request = createToolRequest('write', { path: 'a' });
      const approval = await interrupted(executor, request);
      now += 15 * 60 * 1000 + 1;
      expect(rejection(await executor.executeApproved(request, approval))).toStrictEqual({
        code: 'permission_denied',
        reason: 'expired',
        invoked: false,
      });
    });

    it('accepts an approval just before it expires, with a configured TTL', async () => {
      let now = Date.parse('2026-01-01T00:00:00Z');
      const executor = createExecutor([writeTool()], { permissions: ASK, now: () => now, approvalTtlMs: 1000 });
      const request = createToolRequest('write', { path: 'a' });
      const approval = await interrupted(executor, request);
      expect(Date.parse(approval.expiresAt) - Date.parse(approval.createdAt)).toBe(1000);
      now += 1000;
      expect((await executor.executeApproved(request, approval)).status).toBe('completed');
    });

    it('refuses an approval no executor sharing its store issued', async () => {
      const first = createExecutor([writeTool()], { permissions: ASK });
      const second = createExecutor([writeTool()], { permissions: ASK });
      const request = createToolRequest('write', { path: 'a' });
      const approval = await interrupted(first, request);
      expect(rejection(await second.executeApproved(request, approval))).toStrictEqual({
        code: 'permission_denied',
        reason: 'unknown_approval',
        invoked: false,
      });
      expect(rejection(await second.executeApproved(request, { id: 42 } as unknown as ApprovalRequest))).toStrictEqual({
        code: 'permission_denied',
        reason: 'unknown_approval',
        invoked: false,
      });
    });

    it('survives a restart when executors share an approval store', async () => {
      const approvals = new InMemoryApprovalStore();
      const before = createExecutor([writeTool()], { permissions: ASK, approvals });
      const request = createToolRequest('write', { path: 'a' });
      const approval = await interrupted(before, request);
      const after = createExecutor([writeTool()], { permissions: ASK, approvals });
      expect((await after.executeApproved(request, approval)).status).toBe('completed');
    });

    it('re-checks permissions on resume: a deny that appeared meanwhile still wins', async () => {
      let decision = PermissionDecision.requireApproval('ask');
      const tool = writeTool();
      const executor = createExecutor([tool], { permissions: { evaluate: () => decision } });
      const request = createToolRequest('write', { path: 'a' });
      const approval = await interrupted(executor, request);
      decision = PermissionDecision.deny('revoked', 'revoked');
      const outcome = await executor.executeApproved(request, approval);
      expect(outcome).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { code: 'permission_denied', details: { code: 'revoked' } },
      });
      expect(tool.calls).toStrictEqual([]);
    });

    it('re-validates the input on resume', async () => {
      const tool = plainTool({
        name: 'typed',
        inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, additionalProperties: false },
        preflight: () => [new TestRequest('test.write', 'x')],
      });
      const executor = createExecutor([tool], { permissions: ASK });
      const request = createToolRequest('typed', { n: 1 });
      const approval = await interrupted(executor, request);
      const outcome = await executor.executeApproved({ ...request, input: { n: 'one' } }, approval);
      expect(outcome).toMatchObject({ status: 'failed', invoked: false, error: { code: 'invalid_input' } });
    });

    it('lets through only the requests the approval names', async () => {
      let kinds = ['test.a'];
      const tool = plainTool({ name: 'growing', preflight: () => kinds.map((kind) => new TestRequest(kind, 't')) });
      const executor = createExecutor([tool], { permissions: ASK });
      const request = createToolRequest('growing', {});
      const approval = await interrupted(executor, request);
      kinds = ['test.a', 'test.b'];
      expect(rejection(await executor.executeApproved(request, approval))).toStrictEqual({
        code: 'permission_denied',
        reason: 'binding_mismatch',
        invoked: false,
      });
      expect(tool.calls).toStrictEqual([]);
    });

    it('still runs when fewer requests need approval on resume', async () => {
      let ask = true;
      const tool = writeTool();
      const executor = createExecutor([tool], {
        permissions: { evaluate: () => (ask ? PermissionDecision.requireApproval('ask') : PermissionDecision.allow()) },
      });
      const request = createToolRequest('write', { path: 'a' });
      const approval = await interrupted(executor, request);
      ask = false;
      expect((await executor.executeApproved(request, approval)).status).toBe('completed');
      expect(rejection(await executor.executeApproved(request, approval))).toStrictEqual({
        code: 'permission_denied',
        reason: 'already_used',
        invoked: false,
      });
    });
  });
});
