/**
 * Sample 03: a composing tool. `release` runs its steps through `ctx.scope`, so each child
 * call takes the full executor path. The publish step needs approval: the interruption passes
 * up through the parent's `invokeOutcome`, the host approves, and resuming the parent runs the
 * child with that approval. Resuming re-runs the parent from the start (the test step runs
 * again), so steps before the interruption point should be safe to repeat.
 */
import { IsString, Matches } from 'class-validator';
import { Container } from 'inversify';
import {
  agentkitModule,
  PolicyPermissionChecker,
  PERMISSION_CHECKER,
  Preflight,
  Tool,
  TOOL_EXECUTOR,
  ToolInvokePermissionRequest,
  type ApprovalRequest,
  type ToolContext,
  type ToolExecutionOutcome,
} from '../../src/index.js';

class VersionInput {
  @IsString()
  @Matches(/^\d+\.\d+\.\d+$/)
  public version!: string;
}

export const steps: string[] = [];

@Tool({ name: 'release.test', description: 'Runs the test suite.', input: VersionInput })
export class TestStep {
  public invoke(input: VersionInput): string {
    steps.push(`tested ${input.version}`);
    return 'tests passed';
  }
}

@Tool({
  name: 'release.publish',
  description: 'Publishes a version.',
  input: VersionInput,
  annotations: { destructiveHint: true },
})
export class PublishStep {
  @Preflight()
  public preflight(input: VersionInput): ToolInvokePermissionRequest {
    return new ToolInvokePermissionRequest(`release.publish@${input.version}`);
  }

  public invoke(input: VersionInput): string {
    steps.push(`published ${input.version}`);
    return `published ${input.version}`;
  }
}

@Tool({ name: 'release', description: 'Tests, then publishes a version.', input: VersionInput })
export class ReleaseTool {
  public async invokeOutcome(input: VersionInput, ctx: ToolContext): Promise<ToolExecutionOutcome | string> {
    for (const toolName of ['release.test', 'release.publish']) {
      const outcome = await ctx.scope.executeChild({ toolName, input: { version: input.version } });
      if (outcome.status !== 'completed') return outcome;
    }
    return `released ${input.version}`;
  }

  public invoke(): never {
    throw new Error('release runs through invokeOutcome');
  }
}

export interface NestedToolsReport {
  readonly first: ToolExecutionOutcome;
  readonly resumed: ToolExecutionOutcome;
  readonly steps: readonly string[];
}

export async function run(log: (line: string) => void = console.log): Promise<NestedToolsReport> {
  steps.length = 0;
  const container = new Container();
  container.bind(PERMISSION_CHECKER).toConstantValue(
    new PolicyPermissionChecker({
      rules: [{ effect: 'ask', kind: 'tool.invoke', pattern: 'release.publish@*' }],
      fallback: 'allow',
    }),
  );
  for (const tool of [TestStep, PublishStep]) container.bind<object>(tool).toSelf();
  container.bind(ReleaseTool).toSelf();
  container.load(agentkitModule());
  const executor = await container.getAsync(TOOL_EXECUTOR);

  const request = {
    callId: 'rel-1',
    toolName: 'release',
    input: { version: '1.2.0' },
    sessionId: 'demo',
    turnId: 'turn-1',
    metadata: {},
  };
  const first = await executor.execute(request);
  let resumed = first;
  if (first.status === 'interrupted' && first.interruption.type === 'approval_required') {
    const approval = JSON.parse(JSON.stringify(first.interruption.approval)) as ApprovalRequest;
    log(`release paused: ${approval.toolName} (${approval.callId}) needs approval: ${approval.reason}`);
    log(`steps so far: ${JSON.stringify(steps)}`);
    resumed = await executor.executeApproved(request, approval);
  }
  if (resumed.status === 'completed') log(`resumed -> ${JSON.stringify(resumed.result.result.output)}`);
  log(`steps: ${JSON.stringify(steps)}`);
  return { first, resumed, steps: [...steps] };
}
