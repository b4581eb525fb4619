import { describe, expect, it } from '@jest/globals';
import { Container } from 'inversify';
import {
  agentkitModule,
  createResourceKey,
  EXECUTOR_OBSERVER,
  MapToolResources,
  Tool,
  TOOL_EXECUTOR,
  TOOL_RESOURCES,
  type ExecutorObserver,
  type ToolContext,
  type ToolExecutionOutcome,
  type ToolRequest,
} from '../../src/index.js';
import { createToolRequest, getCompletedOutput } from '../../src/testing/index.js';

const GREETING = createResourceKey<string>('greeting');

@Tool({ name: 'ctx.greet', description: 'Reads a host-provided resource from its context.' })
class GreetFromResources {
  public invoke(_input: unknown, ctx: ToolContext): string {
    return `${ctx.resources.get(GREETING) ?? 'no greeting'} (${ctx.sessionId}/${ctx.turnId})`;
  }
}

describe('agentkitModule', () => {
  it('hands every call the ToolResources bound under TOOL_RESOURCES', async () => {
    const container = new Container();
    container.bind(TOOL_RESOURCES).toConstantValue(new MapToolResources().set(GREETING, 'bonjour'));
    container.bind(GreetFromResources).toSelf();
    container.load(agentkitModule());
    const executor = await container.getAsync(TOOL_EXECUTOR);
    const outcome = await executor.execute(createToolRequest('ctx.greet', {}, { sessionId: 's7', turnId: 't7' }));
    expect(getCompletedOutput(outcome)).toStrictEqual({ type: 'text', text: 'bonjour (s7/t7)' });
  });

  it('defaults to empty resources', async () => {
    const container = new Container();
    container.bind(GreetFromResources).toSelf();
    container.load(agentkitModule());
    const executor = await container.getAsync(TOOL_EXECUTOR);
    expect(getCompletedOutput(await executor.execute(createToolRequest('ctx.greet')))).toMatchObject({
      text: expect.stringContaining('no greeting') as unknown,
    });
  });

  it('reports every call to the observer bound under EXECUTOR_OBSERVER', async () => {
    const seen: [string, string, number][] = [];
    const observer: ExecutorObserver = {
      onEnd: (request: ToolRequest, outcome: ToolExecutionOutcome, durationMs: number) =>
        seen.push([request.toolName, outcome.status, durationMs]),
    };
    const container = new Container();
    container.bind(GreetFromResources).toSelf();
    container.load(agentkitModule());
    container.rebind(EXECUTOR_OBSERVER).toConstantValue(observer);
    const executor = await container.getAsync(TOOL_EXECUTOR);
    await executor.execute(createToolRequest('ctx.greet'));
    expect(seen.map(([name, status]) => [name, status])).toStrictEqual([['ctx.greet', 'completed']]);
    expect(seen[0]?.[2]).toBeGreaterThanOrEqual(0);
  });
});
