import { describe, expect, it } from '@jest/globals';
import {
  AuthRequiredError,
  BasicToolExecutor,
  ToolError,
  ToolRegistry,
  type ExecutorObserver,
  type ToolExecutionOutcome,
  type ToolRequest,
} from '../../src/index.js';
import { toClassTool } from '../fixtures/toClassTool.js';
import { Tool } from '../../src/index.js';
import { createToolRequest } from '../../src/testing/index.js';
import { ALLOW_ALL, createExecutor } from '../fixtures/createExecutor.js';
import { plainTool } from '../fixtures/plainTool.js';

/** An executor over one class tool whose invoke returns/throws what `body` does. */
function classToolExecutor(body: () => unknown, output?: object): BasicToolExecutor {
  @Tool({
    name: 'subject',
    description: 'Returns what the test says.',
    ...(output === undefined ? {} : { output: output as never }),
  })
  class Subject {
    public invoke(): unknown {
      return body();
    }
  }
  return new BasicToolExecutor({
    registry: new ToolRegistry().register(toClassTool(new Subject())),
    permissions: ALLOW_ALL,
  });
}

async function outputOf(body: () => unknown): Promise<unknown> {
  const outcome = await classToolExecutor(body).execute(createToolRequest('subject'));
  if (outcome.status !== 'completed') throw new Error(JSON.stringify(outcome));
  return outcome.result.result.output;
}

function failureOf(outcome: ToolExecutionOutcome): {
  code: string;
  invoked: boolean;
  details: unknown;
  message: string;
} {
  if (outcome.status !== 'failed') throw new Error(`expected failed, got ${JSON.stringify(outcome)}`);
  return {
    code: outcome.error.code,
    invoked: outcome.invoked,
    details: outcome.error.details,
    message: outcome.error.message,
  };
}

describe(BasicToolExecutor.name, () => {
  describe('.execute (normalizing return values)', () => {
    it('turns a string into text', async () => {
      expect(await outputOf(() => 'hello')).toStrictEqual({ type: 'text', text: 'hello' });
    });

    it('turns other JSON into structured output', async () => {
      expect(await outputOf(() => ({ a: [1, 'b', null] }))).toStrictEqual({
        type: 'structured',
        value: { a: [1, 'b', null] },
      });
      expect(await outputOf(() => 42)).toStrictEqual({ type: 'structured', value: 42 });
    });

    it('keeps a ToolOutput as is', async () => {
      const parts = {
        type: 'parts',
        parts: [
          { type: 'text', text: 'see' },
          { type: 'json', value: { n: 1 } },
          { type: 'file', uri: 'file:///tmp/a.png', mimeType: 'image/png' },
          { type: 'media', mimeType: 'image/png', data: 'iVBORw0KGgo=', modality: 'image' },
        ],
      };
      expect(await outputOf(() => parts)).toStrictEqual(parts);
      expect(await outputOf(() => ({ type: 'files', files: [{ uri: 'file:///x' }] }))).toStrictEqual({
        type: 'files',
        files: [{ uri: 'file:///x' }],
      });
    });

    it('treats a look-alike object with extra keys as data, not as a ToolOutput', async () => {
      const data = { type: 'text', text: 'x', extra: true };
      expect(await outputOf(() => data)).toStrictEqual({ type: 'structured', value: data });
    });

    it('keeps a returned ToolResult, with isError and metadata', async () => {
      const outcome = await classToolExecutor(() => ({
        result: { callId: 'wrong', output: { type: 'text', text: 'exit 1' }, isError: true },
        durationMs: 0,
        metadata: { exitCode: 1 },
      })).execute(createToolRequest('subject', {}, { callId: 'right' }));
      expect(outcome).toMatchObject({
        status: 'completed',
        result: {
          result: { callId: 'right', output: { type: 'text', text: 'exit 1' }, isError: true },
          metadata: { exitCode: 1 },
        },
      });
    });

    it('maps undefined to structured null and Dates through toJSON', async () => {
      expect(await outputOf(() => undefined)).toStrictEqual({ type: 'structured', value: null });
      expect(await outputOf(() => ({ at: new Date(0) }))).toStrictEqual({
        type: 'structured',
        value: { at: '1970-01-01T00:00:00.000Z' },
      });
    });

    it('fails internal for a value that cannot be JSON', async () => {
      const outcome = await classToolExecutor(() => ({ n: 10n })).execute(createToolRequest('subject'));
      expect(failureOf(outcome)).toMatchObject({
        code: 'internal',
        invoked: true,
        details: { reason: 'output_not_json' },
      });
    });

    it('reports a duration on every completed result', async () => {
      const outcome = await classToolExecutor(() => 'x').execute(createToolRequest('subject'));
      expect(outcome.status === 'completed' && outcome.result.durationMs >= 0).toBe(true);
    });

    it('fails internal when a plain tool returns something that is not a ToolResult', async () => {
      const tool = plainTool({ name: 'broken', invoke: () => 'text' as never });
      const outcome = await createExecutor([tool]).execute(createToolRequest('broken'));
      expect(failureOf(outcome)).toMatchObject({
        code: 'internal',
        invoked: true,
        details: { reason: 'invalid_result' },
      });
    });
  });

  describe('.execute (output schema)', () => {
    const schema = {
      type: 'object',
      properties: { n: { type: 'integer' } },
      required: ['n'],
      additionalProperties: false,
    };

    it('accepts structured output that matches', async () => {
      const outcome = await classToolExecutor(() => ({ n: 1 }), schema).execute(createToolRequest('subject'));
      expect(outcome.status).toBe('completed');
    });

    it('fails execution_failed with invoked: true when structured output does not match', async () => {
      const outcome = await classToolExecutor(() => ({ n: 'one' }), schema).execute(createToolRequest('subject'));
      expect(failureOf(outcome)).toMatchObject({
        code: 'execution_failed',
        invoked: true,
        details: { reason: 'output_schema', errors: [{ path: '/n', constraint: 'type', message: 'must be integer' }] },
      });
    });
  });

  describe('.execute (throws)', () => {
    it.each<[string, unknown, string]>([
      ['an Error', new Error('disk full'), 'Tool `subject` failed: disk full'],
      ['a string', 'plain string', 'Tool `subject` failed: plain string'],
      ['a number', 7, 'Tool `subject` failed: 7'],
      ['undefined', undefined, 'Tool `subject` failed: undefined'],
      ['null', null, 'Tool `subject` failed: null'],
      ['an object', { why: 'x' }, 'Tool `subject` failed: {"why":"x"}'],
    ])('turns %s into execution_failed with invoked: true', async (_label, thrown, message) => {
      const outcome = await classToolExecutor(() => {
        throw thrown;
      }).execute(createToolRequest('subject'));
      expect(failureOf(outcome)).toMatchObject({ code: 'execution_failed', invoked: true, message });
    });

    it.each([
      ['synchronously', false],
      ['asynchronously', true],
    ])(
      'settles with internal and invoked: true when the tool throws, %s, a value that throws when read',
      async (_label, later) => {
        const hostile: unknown = new Proxy(
          {},
          {
            getPrototypeOf: () => {
              throw new Error('no');
            },
            get: () => {
              throw new Error('no');
            },
          },
        );
        const outcome = await classToolExecutor(() => {
          // The point is a rejection reason that is not an Error (and cannot even be read).
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
          if (later) return Promise.reject(hostile);
          throw hostile;
        }).execute(createToolRequest('subject'));
        expect(failureOf(outcome)).toMatchObject({
          code: 'internal',
          invoked: true,
          details: { reason: 'unreadable_end' },
        });
      },
    );

    it('keeps the code and details of a thrown ToolError', async () => {
      const outcome = await classToolExecutor(() => {
        throw new ToolError('unavailable', 'server down', { server: 'x' });
      }).execute(createToolRequest('subject'));
      expect(failureOf(outcome)).toStrictEqual({
        code: 'unavailable',
        invoked: true,
        details: { server: 'x' },
        message: 'server down',
      });
    });

    it('turns AuthRequiredError into an auth_required interruption that survives JSON', async () => {
      const request = createToolRequest('subject');
      const outcome = await classToolExecutor(() => {
        throw new AuthRequiredError({ provider: 'mcp:github', challenge: 'Bearer realm="x"', scopes: ['repo'] });
      }).execute(request);
      expect(outcome.status).toBe('interrupted');
      if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'auth_required') return;
      expect(outcome.interruption.auth).toStrictEqual({
        id: outcome.interruption.auth.id,
        callId: request.callId,
        toolName: 'subject',
        provider: 'mcp:github',
        challenge: 'Bearer realm="x"',
        scopes: ['repo'],
      });
      expect(JSON.parse(JSON.stringify(outcome))).toStrictEqual(outcome);
    });
  });

  describe('.execute (timeouts and cancellation)', () => {
    function slowTool(seen: { aborted?: boolean }) {
      return plainTool({
        name: 'slow',
        invoke: (request: ToolRequest, ctx) =>
          new Promise((resolve) => {
            const timer = setTimeout(() => {
              resolve({
                result: { callId: request.callId, output: { type: 'text', text: 'late' }, isError: false },
                durationMs: 0,
                metadata: {},
              });
            }, 5_000);
            ctx.signal.addEventListener('abort', () => {
              seen.aborted = true;
              clearTimeout(timer);
            });
          }),
      });
    }

    it('times out with the per-call timeout and aborts the tool signal', async () => {
      const seen: { aborted?: boolean } = {};
      const outcome = await createExecutor([slowTool(seen)]).execute(createToolRequest('slow'), { timeoutMs: 20 });
      expect(failureOf(outcome)).toMatchObject({
        code: 'interrupted',
        invoked: true,
        details: { reason: 'timeout', timeoutMs: 20 },
      });
      expect(seen.aborted).toBe(true);
    });

    it('uses the executor default timeout', async () => {
      const seen: { aborted?: boolean } = {};
      const outcome = await createExecutor([slowTool(seen)], { defaultTimeoutMs: 15 }).execute(
        createToolRequest('slow'),
      );
      expect(failureOf(outcome)).toMatchObject({ code: 'interrupted', details: { reason: 'timeout', timeoutMs: 15 } });
    });

    it('cancels a running call when the caller aborts', async () => {
      const seen: { aborted?: boolean } = {};
      const controller = new AbortController();
      const pending = createExecutor([slowTool(seen)]).execute(createToolRequest('slow'), {
        signal: controller.signal,
      });
      setTimeout(() => {
        controller.abort();
      }, 10);
      expect(failureOf(await pending)).toMatchObject({
        code: 'interrupted',
        invoked: true,
        details: { reason: 'cancelled' },
      });
      expect(seen.aborted).toBe(true);
    });

    it('does not start a call whose signal is already aborted', async () => {
      const tool = plainTool({ name: 'quick' });
      const outcome = await createExecutor([tool]).execute(createToolRequest('quick'), { signal: AbortSignal.abort() });
      expect(failureOf(outcome)).toMatchObject({
        code: 'interrupted',
        invoked: false,
        details: { reason: 'cancelled' },
      });
      expect(tool.calls).toStrictEqual([]);
    });

    it('refuses a nonsensical timeout as invalid input without running the tool', async () => {
      const tool = plainTool({ name: 'quick' });
      const outcome = await createExecutor([tool]).execute(createToolRequest('quick'), { timeoutMs: -1 });
      expect(failureOf(outcome)).toMatchObject({
        code: 'invalid_input',
        invoked: false,
        details: { reason: 'invalid_timeout' },
      });
      expect(tool.calls).toStrictEqual([]);
    });
  });

  describe('.execute (observer)', () => {
    it('reports the start and end of every call with its outcome and duration', async () => {
      const events: string[] = [];
      const observer: ExecutorObserver = {
        onStart: (request) => events.push(`start ${request.toolName}`),
        onEnd: (request, outcome, durationMs) =>
          events.push(`end ${request.toolName} ${outcome.status} ${durationMs >= 0}`),
      };
      const executor = createExecutor([plainTool({ name: 'quick' })], { observer });
      await executor.execute(createToolRequest('quick'));
      await executor.execute(createToolRequest('missing'));
      expect(events).toStrictEqual([
        'start quick',
        'end quick completed true',
        'start missing',
        'end missing failed true',
      ]);
    });

    it('is ignored when it throws', async () => {
      const observer: ExecutorObserver = {
        onStart: () => {
          throw new Error('observer down');
        },
        onEnd: () => {
          throw new Error('observer down');
        },
      };
      const outcome = await createExecutor([plainTool({ name: 'quick' })], { observer }).execute(
        createToolRequest('quick'),
      );
      expect(outcome.status).toBe('completed');
    });
  });
});

describe(BasicToolExecutor.name, () => {
  describe('.execute (a tool deadline of its own)', () => {
    function slowTool(timeoutMs: number) {
      return {
        ...plainTool({
          name: 'own_deadline',
          invoke: (request: ToolRequest) =>
            new Promise((resolve) =>
              setTimeout(() => {
                resolve({
                  result: { callId: request.callId, output: { type: 'text', text: 'done' }, isError: false },
                  durationMs: 0,
                  metadata: {},
                });
              }, 60),
            ),
        }),
        timeoutMs,
      };
    }

    it("uses the tool's own timeout instead of the executor default", async () => {
      const outcome = await createExecutor([slowTool(1_000)], { defaultTimeoutMs: 10 }).execute(
        createToolRequest('own_deadline'),
      );
      expect(outcome.status).toBe('completed');
    });

    it('lets a per-call timeout override the tool timeout', async () => {
      const outcome = await createExecutor([slowTool(1_000)]).execute(createToolRequest('own_deadline'), {
        timeoutMs: 10,
      });
      expect(failureOf(outcome)).toMatchObject({ code: 'interrupted', details: { reason: 'timeout', timeoutMs: 10 } });
    });
  });
});

describe(BasicToolExecutor.name, () => {
  describe('ctx.cancellable', () => {
    function contextProbe(seen: boolean[]) {
      return plainTool({
        name: 'probe',
        invoke: (request: ToolRequest, ctx) => {
          seen.push(ctx.cancellable);
          return {
            result: { callId: request.callId, output: { type: 'text', text: 'ok' }, isError: false },
            durationMs: 0,
            metadata: {},
          };
        },
      });
    }

    it('is false when only the call deadline can end the call, true when the host passes a signal', async () => {
      const seen: boolean[] = [];
      const executor = createExecutor([contextProbe(seen)]);
      await executor.execute(createToolRequest('probe'));
      await executor.execute(createToolRequest('probe'), { signal: new AbortController().signal });
      expect(seen).toStrictEqual([false, true]);
    });
  });
});
