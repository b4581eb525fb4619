import { describe, expect, it } from '@jest/globals';
import { IsString, MaxLength } from 'class-validator';
import { Container } from 'inversify';
import {
  agentkitModule,
  BasicToolExecutor,
  PERMISSION_CHECKER,
  PolicyPermissionChecker,
  Preflight,
  Tool,
  TOOL_EXECUTOR,
  type PermissionChecker,
  type PermissionRequest,
  type ToolExecutionOutcome,
} from '../../src/index.js';
import { RecordingPermissionChecker } from '../../src/testing/index.js';
import { buildRequest } from './fixtures.js';

class GreetInput {
  @IsString()
  @MaxLength(100)
  public name!: string;
}

@Tool({ name: 'greet', description: 'Greets someone.', input: GreetInput, annotations: { readOnlyHint: true } })
class GreetTool {
  public calls = 0;

  public invoke(input: GreetInput): string {
    this.calls++;
    return `hello ${input.name}`;
  }
}

@Tool({
  name: 'tidy',
  description: 'Tidies up; its preflight finds nothing to describe.',
  annotations: { destructiveHint: true },
})
class TidyTool {
  public calls = 0;

  @Preflight()
  public preflight(): PermissionRequest[] {
    return [];
  }

  public invoke(): string {
    this.calls++;
    return 'tidy';
  }
}

async function setUp(checker: PermissionChecker) {
  const container = new Container();
  container.bind(PERMISSION_CHECKER).toConstantValue(checker);
  container.bind(GreetTool).toSelf().inSingletonScope();
  container.bind(TidyTool).toSelf().inSingletonScope();
  container.load(agentkitModule());
  return {
    executor: await container.getAsync(TOOL_EXECUTOR),
    greet: container.get(GreetTool),
    tidy: container.get(TidyTool),
  };
}

function summaryOf(outcome: ToolExecutionOutcome): unknown {
  return outcome.status === 'failed' ? { code: outcome.error.code, invoked: outcome.invoked } : outcome.status;
}

describe(BasicToolExecutor.name, () => {
  describe('@Tool classes that describe no side effect', () => {
    it('are denied, without running, under a deny-everything policy', async () => {
      const { executor, greet, tidy } = await setUp(
        new PolicyPermissionChecker({ rules: [{ effect: 'deny', kind: '*' }], fallback: 'deny' }),
      );
      const outcomes = [
        await executor.execute(buildRequest('greet', { name: 'Ada' })),
        await executor.execute(buildRequest('tidy')),
      ];
      expect(outcomes.map(summaryOf)).toStrictEqual([
        { code: 'permission_denied', invoked: false },
        { code: 'permission_denied', invoked: false },
      ]);
      expect([greet.calls, tidy.calls]).toStrictEqual([0, 0]);
    });

    it('are checked as tool.invoke with their annotations, and run when the checker allows', async () => {
      const checker = new RecordingPermissionChecker();
      const { executor, greet } = await setUp(checker);
      expect((await executor.execute(buildRequest('greet', { name: 'Ada' }))).status).toBe('completed');
      expect((await executor.execute(buildRequest('tidy'))).status).toBe('completed');
      expect(checker.records.map((record) => record.request)).toStrictEqual([
        { kind: 'tool.invoke', summary: 'invoke tool greet', target: 'greet', metadata: { readOnlyHint: true } },
        { kind: 'tool.invoke', summary: 'invoke tool tidy', target: 'tidy', metadata: { destructiveHint: true } },
      ]);
      expect(greet.calls).toBe(1);
    });

    it('run under the default checker unless annotated destructive', async () => {
      const container = new Container();
      container.bind(GreetTool).toSelf().inSingletonScope();
      container.bind(TidyTool).toSelf().inSingletonScope();
      container.load(agentkitModule());
      const executor = await container.getAsync(TOOL_EXECUTOR);
      const statuses = [
        (await executor.execute(buildRequest('greet', { name: 'Ada' }))).status,
        (await executor.execute(buildRequest('tidy'))).status,
      ];
      expect(statuses).toStrictEqual(['completed', 'interrupted']);
      expect(container.get(TidyTool).calls).toBe(0);
    });
  });
});
