import { describe, expect, it } from '@jest/globals';
import {
  BasicToolExecutor,
  DefaultPermissionChecker,
  PermissionDecision,
  PolicyPermissionChecker,
  ToolError,
  type PermissionChecker,
  type PermissionRequest,
} from '../../src/index.js';
import { createToolRequest, getCompletedOutput, RecordingPermissionChecker } from '../../src/testing/index.js';
import { createExecutor } from '../fixtures/createExecutor.js';
import { plainTool, TestRequest, type PlainToolOptions } from '../fixtures/plainTool.js';

const decideByKind = (decisions: Record<string, PermissionDecision>) =>
  new RecordingPermissionChecker((request) => decisions[request.kind] ?? PermissionDecision.allow());

function threeRequests(): PermissionRequest[] {
  return [new TestRequest('test.ask', 'a'), new TestRequest('test.deny', 'b'), new TestRequest('test.ask2', 'c')];
}

describe(BasicToolExecutor.name, () => {
  describe('.execute (permissions)', () => {
    it('evaluates every request before deciding, and a deny wins over approvals', async () => {
      const checker = decideByKind({
        'test.ask': PermissionDecision.requireApproval('ask a'),
        'test.deny': PermissionDecision.deny('no b', 'rule_b'),
        'test.ask2': PermissionDecision.requireApproval('ask c'),
      });
      const tool = plainTool({ name: 'multi', preflight: threeRequests });
      const outcome = await createExecutor([tool], { permissions: checker }).execute(createToolRequest('multi'));
      expect(checker.kinds()).toStrictEqual(['test.ask', 'test.deny', 'test.ask2']);
      expect(outcome.status).toBe('failed');
      if (outcome.status !== 'failed') return;
      expect(outcome.invoked).toBe(false);
      expect(outcome.error.code).toBe('permission_denied');
      expect(outcome.error.details).toStrictEqual({
        code: 'rule_b',
        denied: [
          { request: { kind: 'test.deny', summary: 'test.deny b', target: 'b' }, code: 'rule_b', reason: 'no b' },
        ],
      });
      expect(tool.calls).toStrictEqual([]);
    });

    it('finds a deny however the requests are ordered', async () => {
      const checker = decideByKind({
        'test.deny': PermissionDecision.deny('no'),
        'test.ask': PermissionDecision.requireApproval('ask'),
      });
      for (const order of [
        [0, 1, 2],
        [1, 0, 2],
        [2, 0, 1],
        [2, 1, 0],
      ]) {
        const requests = threeRequests();
        const tool = plainTool({
          name: 'ordered',
          preflight: () => order.map((i) => requests[i] as PermissionRequest),
        });
        const outcome = await createExecutor([tool], { permissions: checker }).execute(createToolRequest('ordered'));
        expect(outcome).toMatchObject({ status: 'failed', invoked: false, error: { code: 'permission_denied' } });
      }
    });

    it('raises one approval covering every request that needs it', async () => {
      const checker = decideByKind({
        'test.ask': PermissionDecision.requireApproval('ask a'),
        'test.deny': PermissionDecision.allow(),
        'test.ask2': PermissionDecision.requireApproval('ask c'),
      });
      const tool = plainTool({ name: 'multi', preflight: threeRequests });
      const request = createToolRequest('multi', { x: 1 });
      const outcome = await createExecutor([tool], { permissions: checker }).execute(request);
      expect(outcome.status).toBe('interrupted');
      if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required') return;
      const { approval } = outcome.interruption;
      expect(approval).toMatchObject({
        callId: request.callId,
        toolName: 'multi',
        sessionId: 'session-1',
        turnId: 'turn-1',
        reason: 'ask a; ask c',
        requests: [
          { kind: 'test.ask', summary: 'test.ask a', target: 'a' },
          { kind: 'test.ask2', summary: 'test.ask2 c', target: 'c' },
        ],
      });
      expect(approval.binding).toMatch(/^[0-9a-f]{64}$/);
      expect(Date.parse(approval.expiresAt) - Date.parse(approval.createdAt)).toBe(15 * 60 * 1000);
      expect(JSON.parse(JSON.stringify(approval))).toStrictEqual(approval);
      expect(tool.calls).toStrictEqual([]);
    });

    it.each<[string, PermissionChecker, string]>([
      [
        'throws',
        {
          evaluate: () => {
            throw new Error('boom');
          },
        },
        'checker_error',
      ],
      ['rejects', { evaluate: () => Promise.reject(new Error('boom')) }, 'checker_error'],
      ['returns nothing', { evaluate: () => undefined as unknown as PermissionDecision }, 'invalid_decision'],
      [
        'returns an unknown type',
        { evaluate: () => ({ type: 'maybe' }) as unknown as PermissionDecision },
        'invalid_decision',
      ],
    ])('treats a checker that %s as a deny', async (_label, checker, code) => {
      const tool = plainTool({ name: 'guarded', preflight: () => [new TestRequest('test.x', 't')] });
      const outcome = await createExecutor([tool], { permissions: checker }).execute(createToolRequest('guarded'));
      expect(outcome).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { code: 'permission_denied', details: { code } },
      });
      expect(tool.calls).toStrictEqual([]);
    });

    it('accepts async decisions', async () => {
      const checker: PermissionChecker = { evaluate: () => Promise.resolve(PermissionDecision.allow()) };
      const tool = plainTool({ name: 'guarded', preflight: () => [new TestRequest('test.x', 't')] });
      const outcome = await createExecutor([tool], { permissions: checker }).execute(createToolRequest('guarded'));
      expect(outcome.status).toBe('completed');
    });

    it('hands the checker the call context', async () => {
      const checker = new RecordingPermissionChecker();
      const tool = plainTool({ name: 'guarded', preflight: () => [new TestRequest('test.x', 't')] });
      const request = createToolRequest('guarded', {}, { sessionId: 's9', turnId: 't9' });
      await createExecutor([tool], { permissions: checker }).execute(request);
      expect(checker.records.map((record) => record.context)).toStrictEqual([
        { toolName: 'guarded', callId: request.callId, sessionId: 's9', turnId: 't9' },
      ]);
    });

    it('adds an implicit tool.invoke request for a needsApprovalHint tool with no preflight', async () => {
      const checker = new RecordingPermissionChecker(() => PermissionDecision.requireApproval('hinted'));
      const tool = plainTool({ name: 'hinted', annotations: { needsApprovalHint: true } });
      const outcome = await createExecutor([tool], { permissions: checker }).execute(createToolRequest('hinted'));
      expect(checker.records.map((record) => record.request)).toStrictEqual([
        { kind: 'tool.invoke', summary: 'invoke tool hinted', target: 'hinted', metadata: { needsApprovalHint: true } },
      ]);
      expect(outcome.status).toBe('interrupted');
    });

    it('keeps the code of a ToolError thrown by a preflight, with invoked: false', async () => {
      const tool = plainTool({
        name: 'refusing',
        preflight: () => {
          throw new ToolError('permission_denied', 'outside the workspace', { reason: 'outside_roots' });
        },
      });
      const outcome = await createExecutor([tool]).execute(createToolRequest('refusing'));
      expect(outcome).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { code: 'permission_denied', details: { reason: 'outside_roots' } },
      });
      expect(tool.calls).toStrictEqual([]);
    });

    it('fails internal when a preflight returns something that is not a permission request', async () => {
      const tool = plainTool({ name: 'sloppy', preflight: () => [{ kind: 'x' } as unknown as PermissionRequest] });
      const outcome = await createExecutor([tool]).execute(createToolRequest('sloppy'));
      expect(outcome).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { code: 'internal', details: { reason: 'invalid_permission_request' } },
      });
    });
  });

  describe('.execute (every call is checked)', () => {
    const DENY_EVERYTHING = new PolicyPermissionChecker({ rules: [{ effect: 'deny', kind: '*' }], fallback: 'deny' });
    const NOTHING: readonly PermissionRequest[] = [];

    it.each<[string, PlainToolOptions['preflight']]>([
      ['no preflight', undefined],
      ['a preflight that proposes nothing', () => NOTHING],
      ['a preflight that resolves to nothing', () => Promise.resolve(NOTHING)],
    ])('denies a tool with %s under a deny-everything policy, without running it', async (_label, preflight) => {
      const tool = plainTool({ name: 'quiet', ...(preflight === undefined ? {} : { preflight }) });
      const outcome = await createExecutor([tool], { permissions: DENY_EVERYTHING }).execute(
        createToolRequest('quiet'),
      );
      expect(outcome).toMatchObject({ status: 'failed', invoked: false, error: { code: 'permission_denied' } });
      expect(tool.calls).toStrictEqual([]);
    });

    it('asks about one implicit tool.invoke request: target the tool name, metadata its annotations', async () => {
      const checker = new RecordingPermissionChecker(() => PermissionDecision.deny('not today', 'host_policy'));
      const tool = plainTool({ name: 'quiet', annotations: { readOnlyHint: true, idempotentHint: true } });
      const outcome = await createExecutor([tool], { permissions: checker }).execute(createToolRequest('quiet'));
      const request = {
        kind: 'tool.invoke',
        summary: 'invoke tool quiet',
        target: 'quiet',
        metadata: { readOnlyHint: true, idempotentHint: true },
      };
      expect(checker.records.map((record) => record.request)).toStrictEqual([request]);
      expect(
        outcome.status === 'failed'
          ? { invoked: outcome.invoked, code: outcome.error.code, details: outcome.error.details }
          : outcome,
      ).toStrictEqual({
        invoked: false,
        code: 'permission_denied',
        details: { code: 'host_policy', denied: [{ request, code: 'host_policy', reason: 'not today' }] },
      });
    });

    it('leaves out metadata for a tool without annotations', async () => {
      const checker = new RecordingPermissionChecker();
      await createExecutor([plainTool({ name: 'bare' })], { permissions: checker }).execute(createToolRequest('bare'));
      expect(checker.records.map((record) => record.request)).toStrictEqual([
        { kind: 'tool.invoke', summary: 'invoke tool bare', target: 'bare' },
      ]);
    });

    it('does not add tool.invoke to a tool that proposes its own requests', async () => {
      const checker = new RecordingPermissionChecker();
      const tool = plainTool({ name: 'writer', preflight: () => [new TestRequest('test.write', 'a')] });
      await createExecutor([tool], { permissions: checker }).execute(createToolRequest('writer'));
      expect(checker.kinds()).toStrictEqual(['test.write']);
    });

    it('runs a tool that describes nothing once a policy rule allows tool.invoke', async () => {
      const policy = new PolicyPermissionChecker({
        rules: [{ effect: 'allow', kind: 'tool.invoke' }],
        fallback: 'deny',
      });
      const tool = plainTool({ name: 'quiet' });
      const outcome = await createExecutor([tool], { permissions: policy }).execute(
        createToolRequest('quiet', { a: 1 }),
      );
      expect(getCompletedOutput(outcome)).toStrictEqual({ type: 'structured', value: { a: 1 } });
    });

    it('lets the default checker run an unannotated tool and ask for destructive or approval-needing ones', async () => {
      const permissions = new DefaultPermissionChecker({ isInsideRoots: () => false });
      const tools = [
        plainTool({ name: 'plain', annotations: { readOnlyHint: true } }),
        plainTool({ name: 'wipe', annotations: { destructiveHint: true } }),
        plainTool({ name: 'deploy', annotations: { needsApprovalHint: true } }),
      ];
      const executor = createExecutor(tools, { permissions });
      const statuses = await Promise.all(
        ['plain', 'wipe', 'deploy'].map(async (name) => (await executor.execute(createToolRequest(name))).status),
      );
      expect(statuses).toStrictEqual(['completed', 'interrupted', 'interrupted']);
      expect(tools.map((tool) => tool.calls.length)).toStrictEqual([1, 0, 0]);
    });

    it('resumes an approved tool.invoke call once, and runs it', async () => {
      const permissions = new DefaultPermissionChecker({ isInsideRoots: () => false });
      const tool = plainTool({ name: 'wipe', annotations: { destructiveHint: true } });
      const executor = createExecutor([tool], { permissions });
      const request = createToolRequest('wipe', { all: true });
      const first = await executor.execute(request);
      if (first.status !== 'interrupted' || first.interruption.type !== 'approval_required')
        throw new Error(`expected an approval, got ${first.status}`);
      const { approval } = first.interruption;
      expect(approval.requests).toStrictEqual([
        { kind: 'tool.invoke', summary: 'invoke tool wipe', target: 'wipe', metadata: { destructiveHint: true } },
      ]);
      expect(approval.reason).toBe('tool.invoke "wipe" needs approval: the tool is marked as destructive.');
      expect(getCompletedOutput(await executor.executeApproved(request, approval))).toStrictEqual({
        type: 'structured',
        value: { all: true },
      });
      expect(await executor.executeApproved(request, approval)).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { details: { reason: 'already_used' } },
      });
      expect(tool.calls).toHaveLength(1);
    });
  });
});
