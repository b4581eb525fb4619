import { describe, expect, it } from '@jest/globals';
import {
  BasicToolExecutor,
  InMemoryApprovalStore,
  PermissionDecision,
  type ApprovalRequest,
  type ApprovalStore,
  type ExecuteOptions,
  type PermissionChecker,
  type ToolExecutionOutcome,
} from '../../src/index.js';
import { createToolRequest, getCompletedOutput } from '../../src/testing/index.js';
import { createExecutor } from '../fixtures/createExecutor.js';
import { plainTool, TestRequest } from '../fixtures/plainTool.js';

const ASK: PermissionChecker = { evaluate: () => PermissionDecision.requireApproval('needs a person') };

/** A promise the test settles itself. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Lets every pending promise callback and I/O callback run (no timer involved). */
const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function writeTool() {
  return plainTool({ name: 'write', preflight: () => [new TestRequest('test.write', 'a')] });
}

function failureOf(outcome: ToolExecutionOutcome): unknown {
  return outcome.status === 'failed'
    ? { code: outcome.error.code, details: outcome.error.details, invoked: outcome.invoked }
    : outcome.status;
}

const CHECKS_TIMED_OUT = (timeoutMs: number) => ({
  code: 'interrupted',
  details: { reason: 'timeout', timeoutMs, stage: 'checks' },
  invoked: false,
});

const CANCELLED_BEFORE_START = { code: 'interrupted', details: { reason: 'cancelled' }, invoked: false };

/** A store that answers nothing until `release` (or never). */
function stalledStore(stall: 'issue' | 'get' | 'consume', gate: Promise<void>): ApprovalStore {
  const inner = new InMemoryApprovalStore();
  return {
    issue: async (approval) => {
      if (stall === 'issue') await gate;
      inner.issue(approval);
    },
    get: async (id) => {
      if (stall === 'get') await gate;
      return inner.get(id);
    },
    consume: async (id) => {
      if (stall === 'consume') await gate;
      return inner.consume(id);
    },
  };
}

function approvalOf(outcome: ToolExecutionOutcome): ApprovalRequest {
  if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required') {
    throw new Error(`expected an approval interruption, got ${JSON.stringify(outcome)}`);
  }
  return outcome.interruption.approval;
}

describe(BasicToolExecutor.name, () => {
  describe('.execute (the checks before the body have a budget of their own)', () => {
    it('ends a call whose permission check outlasts timeoutMs, and never starts the body, even when the checker later allows', async () => {
      const answered = deferred<undefined>();
      const slowAllow: PermissionChecker = {
        evaluate: () =>
          new Promise((resolve) =>
            setTimeout(() => {
              resolve(PermissionDecision.allow());
              answered.resolve(undefined);
            }, 300),
          ),
      };
      const tool = writeTool();
      const outcome = await createExecutor([tool], { permissions: slowAllow }).execute(createToolRequest('write'), {
        timeoutMs: 200,
      });
      expect(failureOf(outcome)).toStrictEqual(CHECKS_TIMED_OUT(200));
      await answered.promise;
      await flush();
      expect(tool.calls).toStrictEqual([]);
    });

    it('refuses to start the body after checks that overran their budget synchronously', async () => {
      const blocking: PermissionChecker = {
        evaluate: () => {
          // A synchronous checker that holds the thread for 50 ms (no timer can fire meanwhile).
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
          return PermissionDecision.allow();
        },
      };
      const tool = writeTool();
      const outcome = await createExecutor([tool], { permissions: blocking }).execute(createToolRequest('write'), {
        timeoutMs: 10,
      });
      expect(failureOf(outcome)).toStrictEqual(CHECKS_TIMED_OUT(10));
      expect(tool.calls).toStrictEqual([]);
    });

    it("starts the body's own budget when the body starts", async () => {
      const checker: PermissionChecker = {
        evaluate: () =>
          new Promise((resolve) =>
            setTimeout(() => {
              resolve(PermissionDecision.allow());
            }, 100),
          ),
      };
      const tool = plainTool({
        name: 'write',
        preflight: () => [new TestRequest('test.write', 'a')],
        invoke: (request) =>
          new Promise((resolve) =>
            setTimeout(() => {
              resolve({
                result: { callId: request.callId, output: { type: 'text', text: 'done' }, isError: false },
                durationMs: 0,
                metadata: {},
              });
            }, 100),
          ),
      });
      // 100 ms of checks and 100 ms of body: each within its own 150 ms, together past it.
      const outcome = await createExecutor([tool], { permissions: checker }).execute(createToolRequest('write'), {
        timeoutMs: 150,
      });
      expect(getCompletedOutput(outcome)).toStrictEqual({ type: 'text', text: 'done' });
    });

    it('ends a call whose cancellation arrives during the checks, and never starts the body', async () => {
      const controller = new AbortController();
      const answer = deferred<PermissionDecision>();
      const checker: PermissionChecker = {
        evaluate: () => {
          controller.abort();
          return answer.promise;
        },
      };
      const tool = writeTool();
      const outcome = await createExecutor([tool], { permissions: checker }).execute(createToolRequest('write'), {
        signal: controller.signal,
      });
      expect(failureOf(outcome)).toStrictEqual(CANCELLED_BEFORE_START);
      answer.resolve(PermissionDecision.allow());
      await flush();
      expect(tool.calls).toStrictEqual([]);
    });

    it.each(['issue', 'get', 'consume'] as const)(
      'ends a call whose approval store stalls in %s at the deadline, without running it',
      async (stall) => {
        const gate = deferred<undefined>();
        const tool = writeTool();
        const executor = createExecutor([tool], { permissions: ASK, approvals: stalledStore(stall, gate.promise) });
        const request = createToolRequest('write');
        let outcome: ToolExecutionOutcome;
        if (stall === 'issue') {
          outcome = await executor.execute(request, { timeoutMs: 30 });
        } else {
          const approval = approvalOf(await executor.execute(request));
          outcome = await executor.executeApproved(request, approval, { timeoutMs: 30 });
        }
        expect(failureOf(outcome)).toStrictEqual(CHECKS_TIMED_OUT(30));
        gate.resolve(undefined);
        await flush();
        expect(tool.calls).toStrictEqual([]);
      },
    );
  });

  describe('.execute (every failure before the body says invoked: false)', () => {
    const faults: [string, (store: InMemoryApprovalStore) => ApprovalStore][] = [
      [
        'issue throws',
        (store) => ({
          issue: () => {
            throw new Error('store down');
          },
          get: (id) => store.get(id),
          consume: (id) => store.consume(id),
        }),
      ],
      [
        'issue rejects',
        (store) => ({
          issue: () => Promise.reject(new Error('store down')),
          get: (id) => store.get(id),
          consume: (id) => store.consume(id),
        }),
      ],
    ];

    it.each(faults)(
      'fails unavailable (approval_store_unavailable) with invoked: false when the approval store %s',
      async (_label, build) => {
        const tool = writeTool();
        const executor = createExecutor([tool], { permissions: ASK, approvals: build(new InMemoryApprovalStore()) });
        const outcome = await executor.execute(createToolRequest('write'));
        expect(outcome).toMatchObject({
          status: 'failed',
          invoked: false,
          error: {
            code: 'unavailable',
            details: { reason: 'approval_store_unavailable', storeAction: 'issue', approvalId: null },
          },
        });
        expect(outcome.status === 'failed' && outcome.error.message).toContain(
          'approval store failed to record the new approval (store down)',
        );
        expect(tool.calls).toStrictEqual([]);
      },
    );

    it.each<[string, (inner: InMemoryApprovalStore) => Partial<ApprovalStore>]>([
      [
        'get throws',
        () => ({
          get: () => {
            throw new Error('store down');
          },
        }),
      ],
      ['get rejects', () => ({ get: () => Promise.reject(new Error('store down')) })],
      [
        'consume throws',
        () => ({
          consume: () => {
            throw new Error('store down');
          },
        }),
      ],
      ['consume rejects', () => ({ consume: () => Promise.reject(new Error('store down')) })],
    ])(
      'fails unavailable (approval_store_unavailable) with invoked: false on resume when the approval store %s, and consumes nothing',
      async (label, override) => {
        const inner = new InMemoryApprovalStore();
        const store: ApprovalStore = {
          issue: (approval) => {
            inner.issue(approval);
          },
          get: (id) => inner.get(id),
          consume: (id) => inner.consume(id),
        };
        const tool = writeTool();
        const executor = createExecutor([tool], { permissions: ASK, approvals: store });
        const request = createToolRequest('write');
        const approval = approvalOf(await executor.execute(request));
        const healthy = { ...store };
        Object.assign(store, override(inner));
        const outcome = await executor.executeApproved(request, approval);
        expect(outcome).toMatchObject({
          status: 'failed',
          invoked: false,
          error: {
            code: 'unavailable',
            details: {
              reason: 'approval_store_unavailable',
              storeAction: label.split(' ')[0],
              approvalId: approval.id,
            },
          },
        });
        expect(outcome.status === 'failed' && outcome.error.message).toMatch(
          /^Tool `write` was not run: the approval store failed to .* \(store down\)\./,
        );
        expect(tool.calls).toStrictEqual([]);
        // The store is back: the approval was not used, so it runs, once.
        Object.assign(store, healthy);
        expect(await executor.executeApproved(request, approval)).toMatchObject({ status: 'completed' });
        expect(await executor.executeApproved(request, approval)).toMatchObject({
          status: 'failed',
          error: { details: { reason: 'already_used' } },
        });
        expect(tool.calls).toHaveLength(1);
      },
    );
  });

  describe('.execute (malformed options)', () => {
    const invalid = (reason: string) => ({ code: 'invalid_input', details: { reason }, invoked: false });
    const lookalike = { aborted: false, reason: undefined, addEventListener: () => undefined };

    it.each<[string, unknown, string]>([
      ['a signal of {}', { signal: {} }, 'invalid_signal'],
      ['a signal with addEventListener but no removeEventListener', { signal: lookalike }, 'invalid_signal'],
      ['a signal that is a string', { signal: 'abort' }, 'invalid_signal'],
      [
        'a signal that only inherits from AbortSignal (its getters throw)',
        { signal: Object.create(AbortSignal.prototype) as unknown },
        'invalid_signal',
      ],
      [
        'a signal whose prototype was swapped to AbortSignal',
        {
          signal: Object.setPrototypeOf(
            { aborted: false, addEventListener: () => undefined },
            AbortSignal.prototype,
          ) as unknown,
        },
        'invalid_signal',
      ],
      ['a timeout of NaN', { timeoutMs: Number.NaN }, 'invalid_timeout'],
      ['a timeout of Infinity', { timeoutMs: Number.POSITIVE_INFINITY }, 'invalid_timeout'],
      ['a timeout of 0', { timeoutMs: 0 }, 'invalid_timeout'],
      ['a timeout given as a string', { timeoutMs: '100' }, 'invalid_timeout'],
      ['a timeout past what a timer can wait', { timeoutMs: 2 ** 31 }, 'invalid_timeout'],
      ['options of null', null, 'invalid_options'],
      ['options that are a number', 5, 'invalid_options'],
      [
        'options whose getter throws',
        Object.defineProperty({}, 'signal', {
          get: () => {
            throw new Error('hostile');
          },
          enumerable: true,
        }),
        'invalid_options',
      ],
    ])(
      'refuses %s as invalid_input without running the tool (execute and executeApproved)',
      async (_label, options, reason) => {
        const tool = writeTool();
        const executor = createExecutor([tool], { permissions: ASK });
        const request = createToolRequest('write');
        const approval = approvalOf(await executor.execute(request));
        const outcomes = await Promise.all([
          executor.execute(request, options as ExecuteOptions),
          executor.executeApproved(request, approval, options as ExecuteOptions),
        ]);
        expect(outcomes.map(failureOf)).toStrictEqual([invalid(reason), invalid(reason)]);
        expect(tool.calls).toStrictEqual([]);
        // The approval was not spent by the refused resume.
        expect((await executor.executeApproved(request, approval)).status).toBe('completed');
      },
    );

    it('reads each option once: a getter cannot pass the check with one value and run with another', async () => {
      let reads = 0;
      const options = Object.defineProperty({}, 'timeoutMs', {
        get: () => (++reads === 1 ? 1_000 : -1),
        enumerable: true,
      }) as ExecuteOptions;
      const outcome = await createExecutor([writeTool()]).execute(createToolRequest('write'), options);
      expect(outcome.status).toBe('completed');
      expect(reads).toBe(1);
    });

    it('accepts a real AbortSignal, such as AbortSignal.timeout()', async () => {
      const outcome = await createExecutor([writeTool()]).execute(createToolRequest('write'), {
        signal: AbortSignal.timeout(60_000),
      });
      expect(outcome.status).toBe('completed');
    });
  });
});
