import { describe, expect, it } from '@jest/globals';
import {
  BasicToolExecutor,
  PermissionDecision,
  Preflight,
  Tool,
  ToolRegistry,
  type PermissionChecker,
  type PlannedRequests,
  type PreflightResult,
  type ToolContext,
  type ToolExecutionOutcome,
} from '../../src/index.js';
import { toClassTool } from '../fixtures/toClassTool.js';
import { createToolRequest, getCompletedOutput, RecordingPermissionChecker } from '../../src/testing/index.js';
import { ALLOW_ALL, createExecutor } from '../fixtures/createExecutor.js';
import { plainTool, TestRequest } from '../fixtures/plainTool.js';

/** A plain tool whose body answers with the `ctx.plan` it got (`'none'` for undefined). */
function planEcho(name: string, preflight: () => PreflightResult | Promise<PreflightResult>) {
  return plainTool({
    name,
    preflight,
    invoke: (request, ctx) => ({
      result: {
        callId: request.callId,
        output: { type: 'structured', value: { plan: ctx.plan === undefined ? 'none' : (ctx.plan as string) } },
        isError: false,
      },
      durationMs: 0,
      metadata: {},
    }),
  });
}

function failureOf(outcome: ToolExecutionOutcome): unknown {
  if (outcome.status !== 'failed') return outcome;
  return { code: outcome.error.code, reason: outcome.error.details.reason, invoked: outcome.invoked };
}

/** Resolves one at a time, in the order the test says. */
function gate(): { readonly wait: Promise<void>; open(): void } {
  let open = (): void => undefined;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

describe(BasicToolExecutor.name, () => {
  describe('.execute (preflight plans)', () => {
    it.each<[string, () => PreflightResult | Promise<PreflightResult>]>([
      ['synchronously', () => ({ requests: [new TestRequest('test.write', 'a')], plan: 'canonical a' })],
      [
        'from a promise',
        () => Promise.resolve({ requests: [new TestRequest('test.write', 'a')], plan: 'canonical a' }),
      ],
    ])(
      'hands the plan a preflight returns %s to the body as ctx.plan, after checking its requests',
      async (_label, preflight) => {
        const checker = new RecordingPermissionChecker();
        const outcome = await createExecutor([planEcho('planned', preflight)], { permissions: checker }).execute(
          createToolRequest('planned'),
        );
        expect(getCompletedOutput(outcome)).toStrictEqual({ type: 'structured', value: { plan: 'canonical a' } });
        expect(checker.kinds()).toStrictEqual(['test.write']);
      },
    );

    it('hands the plan of a @Preflight method to the class body', async () => {
      @Tool({
        name: 'class_planned',
        description: 'Reads its plan.',
        input: {
          type: 'object',
          properties: { path: { type: 'string' } },
          required: ['path'],
          additionalProperties: false,
        },
      })
      class ClassPlanned {
        @Preflight()
        public preflight(input: { path: string }): PlannedRequests<{ canonical: string }> {
          return { requests: [new TestRequest('test.read', input.path)], plan: { canonical: `/root/${input.path}` } };
        }

        public invoke(_input: { path: string }, ctx: ToolContext): unknown {
          return ctx.plan;
        }
      }
      const executor = new BasicToolExecutor({
        registry: new ToolRegistry().register(toClassTool(new ClassPlanned())),
        permissions: ALLOW_ALL,
      });
      const outcome = await executor.execute(createToolRequest('class_planned', { path: 'a.txt' }));
      expect(getCompletedOutput(outcome)).toStrictEqual({ type: 'structured', value: { canonical: '/root/a.txt' } });
    });

    it('accepts the object form without a plan: the requests are checked, ctx.plan is undefined', async () => {
      const checker = new RecordingPermissionChecker();
      const tool = planEcho('unplanned', () => ({ requests: [new TestRequest('test.write', 'a')] }));
      const outcome = await createExecutor([tool], { permissions: checker }).execute(createToolRequest('unplanned'));
      expect(getCompletedOutput(outcome)).toStrictEqual({ type: 'structured', value: { plan: 'none' } });
      expect(checker.kinds()).toStrictEqual(['test.write']);
    });

    it('checks the object form with no requests as tool.invoke, like an empty list', async () => {
      const checker = new RecordingPermissionChecker();
      const tool = planEcho('quiet', () => ({ requests: [], plan: 'p' }));
      const outcome = await createExecutor([tool], { permissions: checker }).execute(createToolRequest('quiet'));
      expect(getCompletedOutput(outcome)).toStrictEqual({ type: 'structured', value: { plan: 'p' } });
      expect(checker.kinds()).toStrictEqual(['tool.invoke']);
    });

    it('gives a body no plan when its preflight returned a plain list', async () => {
      const outcome = await createExecutor([planEcho('listed', () => [new TestRequest('test.write', 'a')])]).execute(
        createToolRequest('listed'),
      );
      expect(getCompletedOutput(outcome)).toStrictEqual({ type: 'structured', value: { plan: 'none' } });
    });

    it.each<[string, () => unknown, string]>([
      ['requests that is not an array', () => ({ requests: 'a', plan: 1 }), 'invalid_preflight_result'],
      ['requests that is null', () => ({ requests: null }), 'invalid_preflight_result'],
      ['an unknown key next to requests', () => ({ requests: [], plans: 1 }), 'invalid_preflight_result'],
      [
        'a request that is not a PermissionRequest',
        () => ({ requests: [{ kind: 'x' }], plan: 1 }),
        'invalid_permission_request',
      ],
      ['a promise of a malformed result', () => Promise.resolve({ requests: 5 }), 'invalid_preflight_result'],
      [
        'requests that throw when read',
        () => ({
          get requests(): never {
            throw new Error('hostile getter');
          },
        }),
        'unread',
      ],
    ])('ends the call internal, nothing run, for a preflight result with %s', async (_label, preflight, reason) => {
      const tool = planEcho('sloppy', preflight as () => PreflightResult);
      const outcome = await createExecutor([tool]).execute(createToolRequest('sloppy'));
      const expected =
        reason === 'unread'
          ? { code: 'internal', reason: undefined, invoked: false }
          : { code: 'internal', reason, invoked: false };
      expect(failureOf(outcome)).toStrictEqual(expected);
      expect(tool.calls).toStrictEqual([]);
    });

    it('gives each of two concurrent runs of one request object the plan of its own preflight', async () => {
      let runs = 0;
      const first = gate();
      // The first call's check waits until the second call's preflight ran: without per-call
      // plans the first body would see the second one's.
      const checker: PermissionChecker = {
        evaluate: async (request) => {
          if (request.target === 'run 1') await first.wait;
          return PermissionDecision.allow();
        },
      };
      const tool = planEcho('twice', () => {
        runs++;
        const plan = `run ${runs}`;
        if (runs === 2) first.open();
        return { requests: [new TestRequest('test.write', plan)], plan };
      });
      const executor = createExecutor([tool], { permissions: checker });
      const request = createToolRequest('twice');
      const outcomes = await Promise.all([executor.execute(request), executor.execute(request)]);
      expect(outcomes.map(getCompletedOutput)).toStrictEqual([
        { type: 'structured', value: { plan: 'run 1' } },
        { type: 'structured', value: { plan: 'run 2' } },
      ]);
    });

    it('hands a resumed call the plan of the preflight run under the approval', async () => {
      let runs = 0;
      const ask: PermissionChecker = { evaluate: () => PermissionDecision.requireApproval('ask') };
      const tool = planEcho('approved', () => ({
        requests: [new TestRequest('test.write', 'a')],
        plan: `run ${++runs}`,
      }));
      const executor = createExecutor([tool], { permissions: ask });
      const request = createToolRequest('approved');
      const outcome = await executor.execute(request);
      if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required')
        throw new Error(JSON.stringify(outcome));
      const resumed = await executor.executeApproved(request, outcome.interruption.approval);
      expect(getCompletedOutput(resumed)).toStrictEqual({ type: 'structured', value: { plan: 'run 2' } });
    });
  });
});
