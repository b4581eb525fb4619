import { describe, expect, it } from '@jest/globals';
import { Container } from 'inversify';
import {
  agentkitModule,
  BasicToolExecutor,
  EXECUTOR_OBSERVER,
  PERMISSION_CHECKER,
  PolicyPermissionChecker,
  Tool,
  TOOL_EXECUTOR,
  type ToolExecutor,
  type ExecutorObserver,
  type ToolContext,
  type ToolEvent,
  type ToolExecutionOutcome,
  type ToolRequest,
} from '../../src/index.js';
import { createToolRequest } from '../../src/testing/index.js';

let late: ToolContext | undefined;

@Tool({
  name: 'ev_count',
  description: 'Counts to three, reporting each step.',
  annotations: { supportsStreamingHint: true },
})
class Count {
  public async invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    for (let step = 1; step <= 3; step += 1) {
      ctx.progress({ progress: step, total: 3, message: `step ${step}` });
      await Promise.resolve();
    }
    ctx.log('info', { counted: 3 });
    ctx.output({ stream: 'stdout', text: '1 2 3\n' });
    late = ctx;
    return 'done';
  }
}

@Tool({ name: 'ev_sync', description: 'Emits synchronously, with bad updates among them.' })
class SyncEmitter {
  public invoke(_input: unknown, ctx: ToolContext): string {
    ctx.progress({ progress: Number.NaN });
    ctx.log('loud' as 'info', 'not a level');
    ctx.progress({ progress: 1 });
    return 'ok';
  }
}

@Tool({ name: 'ev_parent', description: 'Runs ev_count as a child.' })
class Parent {
  public async invoke(_input: unknown, ctx: ToolContext): Promise<string> {
    ctx.log('debug', 'parent starts');
    const outcome = await ctx.scope.executeChild({ toolName: 'ev_count', input: {} });
    return outcome.status;
  }
}

async function setUp(observer?: ExecutorObserver): Promise<ToolExecutor> {
  const container = new Container();
  container.bind(PERMISSION_CHECKER).toConstantValue(new PolicyPermissionChecker({ rules: [], fallback: 'allow' }));
  if (observer !== undefined) container.bind(EXECUTOR_OBSERVER).toConstantValue(observer);
  container.bind(Count).toSelf();
  container.bind(SyncEmitter).toSelf();
  container.bind(Parent).toSelf();
  container.load(agentkitModule());
  return container.getAsync(TOOL_EXECUTOR);
}

const COUNT_EVENTS = (callId: string): ToolEvent[] => [
  { type: 'progress', callId, progress: 1, total: 3, message: 'step 1' },
  { type: 'progress', callId, progress: 2, total: 3, message: 'step 2' },
  { type: 'progress', callId, progress: 3, total: 3, message: 'step 3' },
  { type: 'log', callId, level: 'info', data: { counted: 3 } },
  { type: 'output', callId, chunk: { stream: 'stdout', text: '1 2 3\n' } },
];

describe(BasicToolExecutor.name, () => {
  describe('.execute with onEvent', () => {
    it('delivers progress, log and output events in order, as plain JSON', async () => {
      const events: ToolEvent[] = [];
      const request = createToolRequest('ev_count');
      const outcome = await (await setUp()).execute(request, { onEvent: (event) => events.push(event) });
      expect(outcome.status).toBe('completed');
      expect(JSON.parse(JSON.stringify(events))).toStrictEqual(COUNT_EVENTS(request.callId));
    });

    it('drops events emitted after the outcome, without throwing', async () => {
      const events: ToolEvent[] = [];
      await (await setUp()).execute(createToolRequest('ev_count'), { onEvent: (event) => events.push(event) });
      const heard = events.length;
      expect(() => {
        late?.progress({ progress: 9 });
        late?.log('error', 'too late');
        late?.output('too late');
      }).not.toThrow();
      expect(events).toHaveLength(heard);
    });

    it('drops updates it cannot read and keeps the rest', async () => {
      const events: ToolEvent[] = [];
      const request = createToolRequest('ev_sync');
      await (await setUp()).execute(request, { onEvent: (event) => events.push(event) });
      expect(events).toStrictEqual([{ type: 'progress', callId: request.callId, progress: 1 }]);
    });

    it('ignores a listener that throws: the call completes', async () => {
      const outcome = await (
        await setUp()
      ).execute(createToolRequest('ev_count'), {
        onEvent: () => {
          throw new Error('listener broke');
        },
      });
      expect(outcome.status).toBe('completed');
    });

    it("passes a nested call's events to the parent's listener with the child's callId", async () => {
      const events: ToolEvent[] = [];
      const request = createToolRequest('ev_parent');
      const outcome = await (await setUp()).execute(request, { onEvent: (event) => events.push(event) });
      expect(outcome).toMatchObject({
        status: 'completed',
        result: { result: { output: { type: 'text', text: 'completed' } } },
      });
      expect(events).toStrictEqual([
        { type: 'log', callId: request.callId, level: 'debug', data: 'parent starts' },
        ...COUNT_EVENTS(`${request.callId}/1`),
      ]);
    });

    it('refuses an onEvent that is not a function, running nothing', async () => {
      const outcome = await (
        await setUp()
      ).execute(createToolRequest('ev_count'), {
        onEvent: 'loud' as unknown as () => void,
      });
      expect(outcome).toMatchObject({ status: 'failed', invoked: false, error: { code: 'invalid_input' } });
    });
  });

  describe('observer.onEvent', () => {
    it("hears every call's events with the emitting call's request, and still the caller's listener", async () => {
      const heard: [string, ToolEvent][] = [];
      const ended: ToolExecutionOutcome[] = [];
      const observer: ExecutorObserver = {
        onEvent: (request: ToolRequest, event) => heard.push([request.callId, event]),
        onEnd: (_request, outcome) => ended.push(outcome),
      };
      const mine: ToolEvent[] = [];
      const request = createToolRequest('ev_parent');
      await (await setUp(observer)).execute(request, { onEvent: (event) => mine.push(event) });
      expect(heard.map(([callId, event]) => [callId, event.callId])).toStrictEqual([
        [request.callId, request.callId],
        ...COUNT_EVENTS(`${request.callId}/1`).map(() => [`${request.callId}/1`, `${request.callId}/1`]),
      ]);
      expect(mine).toStrictEqual(heard.map(([, event]) => event));
      expect(ended).toHaveLength(2);
    });

    it('hears events of calls made without options', async () => {
      const heard: ToolEvent[] = [];
      await (await setUp({ onEvent: (_request, event) => heard.push(event) })).execute(createToolRequest('ev_count'));
      expect(heard).toHaveLength(5);
    });
  });
});
