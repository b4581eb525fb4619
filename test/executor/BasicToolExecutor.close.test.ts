import { describe, expect, it } from '@jest/globals';
import {
  BasicToolExecutor,
  buildToolResult,
  ToolRegistry,
  type PermissionChecker,
  type ToolExecutionOutcome,
} from '../../src/index.js';
import { createToolRequest } from '../../src/testing/index.js';
import { createExecutor } from '../fixtures/createExecutor.js';
import { plainTool } from '../fixtures/plainTool.js';

function failureOf(outcome: ToolExecutionOutcome): unknown {
  if (outcome.status !== 'failed') throw new Error(`expected failed, got ${JSON.stringify(outcome)}`);
  return { code: outcome.error.code, details: outcome.error.details, invoked: outcome.invoked };
}

/** Resolves once `started` was called: the body is running. */
function bodyStarted(): { started: () => void; running: Promise<void> } {
  let started = (): void => undefined;
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  return { started, running };
}

describe(BasicToolExecutor.name, () => {
  describe('.close', () => {
    it('aborts a running body through its signal: the call ends interrupted, and close waits for the body to stop', async () => {
      const { started, running } = bodyStarted();
      const events: string[] = [];
      const tool = plainTool({
        name: 'waits',
        invoke: (request, ctx) =>
          new Promise((resolve) => {
            started();
            ctx.signal.addEventListener('abort', () => {
              // The body stops a turn later, as real work does when told to.
              setImmediate(() => {
                events.push('body stopped');
                resolve(buildToolResult(request, { type: 'text', text: 'stopped' }));
              });
            });
          }),
      });
      const executor = createExecutor([tool]);
      const outcome = executor.execute(createToolRequest('waits'));
      await running;
      await executor.close();
      events.push('closed');
      expect(failureOf(await outcome)).toStrictEqual({
        code: 'interrupted',
        details: { reason: 'cancelled' },
        invoked: true,
      });
      expect(events).toStrictEqual(['body stopped', 'closed']);
    });

    it('does not hang on a body that ignores its signal: close resolves once the grace has passed', async () => {
      const { started, running } = bodyStarted();
      const tool = plainTool({
        name: 'ignores',
        invoke: () =>
          new Promise(() => {
            started();
          }),
      });
      const executor = createExecutor([tool], { closeGraceMs: 20 });
      const outcome = executor.execute(createToolRequest('ignores'));
      await running;
      await expect(executor.close()).resolves.toBeUndefined();
      expect(failureOf(await outcome)).toStrictEqual({
        code: 'interrupted',
        details: { reason: 'cancelled' },
        invoked: true,
      });
    });

    it('stops a call still in its checks (a permission checker that never answers): interrupted, invoked: false', async () => {
      let asked = (): void => undefined;
      const checking = new Promise<void>((resolve) => {
        asked = resolve;
      });
      const stalled: PermissionChecker = {
        evaluate: () => {
          asked();
          return new Promise(() => undefined);
        },
      };
      const tool = plainTool({ name: 'checked' });
      const executor = new BasicToolExecutor({
        registry: new ToolRegistry().register(tool),
        permissions: stalled,
        closeGraceMs: 20,
      });
      const outcome = executor.execute(createToolRequest('checked'));
      await checking;
      await executor.close();
      expect(failureOf(await outcome)).toStrictEqual({
        code: 'interrupted',
        details: { reason: 'cancelled' },
        invoked: false,
      });
      expect(tool.calls).toHaveLength(0);
    });

    it('is idempotent: every call answers the same promise', async () => {
      const executor = createExecutor([plainTool({ name: 'any' })]);
      const first = executor.close();
      expect(executor.close()).toBe(first);
      await first;
    });
  });
});
