import { describe, expect, it } from '@jest/globals';
import { Container } from 'inversify';
import {
  agentkitModule,
  BasicToolExecutor,
  PERMISSION_CHECKER,
  PermissionDecision,
  Preflight,
  Tool,
  TOOL_EXECUTOR,
  type ApprovalRequest,
  type JsonValue,
  type PermissionChecker,
  type ToolContext,
  type ToolExecutionOutcome,
  type ToolExecutor,
} from '../../src/index.js';
import { createToolRequest, RecordingPermissionChecker } from '../../src/testing/index.js';
import { TestRequest } from '../fixtures/plainTool.js';

const written: string[] = [];

const NOTE_SCHEMA = {
  type: 'object',
  properties: { note: { type: 'string' } },
  required: ['note'],
  additionalProperties: false,
} as const;

@Tool({ name: 'nested.write', description: 'Writes a note (needs approval).', input: NOTE_SCHEMA })
class WriteNote {
  @Preflight()
  public preflight(input: { note: string }): TestRequest {
    return new TestRequest('test.write', input.note);
  }

  public invoke(input: { note: string }): string {
    written.push(input.note);
    return `wrote ${input.note}`;
  }
}

@Tool({ name: 'nested.read', description: 'Reads (free).' })
class ReadNotes {
  public invoke(): string[] {
    return [...written];
  }
}

@Tool({
  name: 'nested.compose',
  description: 'Reads, then writes each note, passing interruptions up.',
  input: {
    type: 'object',
    properties: { notes: { type: 'array', items: {} } },
    required: ['notes'],
    additionalProperties: false,
  },
})
class Compose {
  public async invokeOutcome(input: { notes: unknown[] }, ctx: ToolContext): Promise<ToolExecutionOutcome | string[]> {
    const results: string[] = [];
    await ctx.scope.executeChild({ toolName: 'nested.read', input: {} });
    for (const note of input.notes) {
      const outcome = await ctx.scope.executeChild({ toolName: 'nested.write', input: { note: note as JsonValue } });
      if (outcome.status !== 'completed') return outcome;
      const output = outcome.result.result.output;
      results.push(output.type === 'text' ? output.text : '?');
    }
    return results;
  }

  public invoke(): never {
    throw new Error('invokeOutcome is used instead');
  }
}

@Tool({ name: 'nested.recurse', description: 'Calls itself forever.' })
class Recurse {
  public depths: number[] = [];

  public async invokeOutcome(_input: unknown, ctx: ToolContext): Promise<ToolExecutionOutcome> {
    this.depths.push(ctx.scope.depth);
    return ctx.scope.executeChild({ toolName: 'nested.recurse', input: {} });
  }

  public invoke(): never {
    throw new Error('unused');
  }
}

const ASK_FOR_WRITES: PermissionChecker = {
  evaluate: (request) =>
    request.kind === 'test.write'
      ? PermissionDecision.requireApproval('writes need approval')
      : PermissionDecision.allow(),
};

async function setUp(
  checker: PermissionChecker = ASK_FOR_WRITES,
  maxNestingDepth?: number,
): Promise<{ executor: ToolExecutor; recurse: Recurse }> {
  const container = new Container();
  container.bind(PERMISSION_CHECKER).toConstantValue(checker);
  container.bind(WriteNote).toSelf();
  container.bind(ReadNotes).toSelf();
  container.bind(Compose).toSelf();
  container.bind(Recurse).toSelf().inSingletonScope();
  container.load(agentkitModule(maxNestingDepth === undefined ? {} : { maxNestingDepth }));
  return { executor: await container.getAsync(TOOL_EXECUTOR), recurse: container.get(Recurse) };
}

function approvalOf(outcome: ToolExecutionOutcome): ApprovalRequest {
  if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required') {
    throw new Error(`expected an approval, got ${JSON.stringify(outcome)}`);
  }
  return JSON.parse(JSON.stringify(outcome.interruption.approval)) as ApprovalRequest;
}

describe(BasicToolExecutor.name, () => {
  describe('ctx.scope (nested calls)', () => {
    it('runs children through the full path: validation applies to them', async () => {
      written.length = 0;
      const { executor } = await setUp({ evaluate: () => PermissionDecision.allow() });
      const outcome = await executor.execute(createToolRequest('nested.compose', { notes: [42] }));
      expect(outcome).toMatchObject({ status: 'failed', invoked: true, error: { code: 'invalid_input' } });
      expect(written).toStrictEqual([]);
    });

    it('checks every child: a child cannot skip a check its parent would face', async () => {
      const checker = new RecordingPermissionChecker((request) =>
        request.kind === 'test.write' ? PermissionDecision.deny('no writes', 'no_writes') : PermissionDecision.allow(),
      );
      const { executor } = await setUp(checker);
      const outcome = await executor.execute(createToolRequest('nested.compose', { notes: ['a'] }));
      expect(outcome).toMatchObject({
        status: 'failed',
        error: { code: 'permission_denied', details: { code: 'no_writes' } },
      });
      // The parent and the read child describe nothing, so each is checked as tool.invoke.
      expect(checker.kinds()).toStrictEqual(['tool.invoke', 'tool.invoke', 'test.write']);
    });

    it("passes a child's approval interruption up, then resumes the parent with it", async () => {
      written.length = 0;
      const { executor } = await setUp();
      const request = createToolRequest('nested.compose', { notes: ['first'] }, { callId: 'parent' });
      const approval = approvalOf(await executor.execute(request));
      expect(approval).toMatchObject({
        callId: 'parent/2',
        toolName: 'nested.write',
        requests: [{ kind: 'test.write', target: 'first' }],
      });
      expect(written).toStrictEqual([]);

      const resumed = await executor.executeApproved(request, approval);
      expect(resumed).toMatchObject({
        status: 'completed',
        result: { result: { output: { type: 'structured', value: ['wrote first'] } } },
      });
      expect(written).toStrictEqual(['first']);
    });

    it('asks again for the next child that needs approval, one approval per resume', async () => {
      written.length = 0;
      const { executor } = await setUp();
      const request = createToolRequest('nested.compose', { notes: ['a', 'b'] }, { callId: 'p2' });
      const first = approvalOf(await executor.execute(request));
      const second = approvalOf(await executor.executeApproved(request, first));
      expect(second).toMatchObject({ callId: 'p2/3', requests: [{ target: 'b' }] });
      expect(written).toStrictEqual(['a']);
      expect(await executor.executeApproved(request, first)).toMatchObject({
        status: 'failed',
        error: { details: { reason: 'already_used' } },
      });
    });

    it("rejects a child's approval that no call in the resumed run consumes", async () => {
      const { executor } = await setUp();
      const request = createToolRequest('nested.compose', { notes: ['x'] }, { callId: 'p3' });
      const approval = approvalOf(await executor.execute(request));
      const otherPath = { ...request, input: { notes: [] } };
      const outcome = await executor.executeApproved(otherPath, approval);
      expect(outcome).toMatchObject({
        status: 'failed',
        invoked: true,
        error: { code: 'permission_denied', details: { reason: 'approval_not_consumed' } },
      });
    });

    it('bounds the nesting depth (default 8) with a clear error', async () => {
      const { executor, recurse } = await setUp();
      const outcome = await executor.execute(createToolRequest('nested.recurse'));
      expect(outcome).toMatchObject({
        status: 'failed',
        error: { code: 'execution_failed', details: { reason: 'max_nesting_depth', maxNestingDepth: 8 } },
      });
      expect(recurse.depths).toStrictEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    });

    it('honours a configured depth', async () => {
      const { executor, recurse } = await setUp(ASK_FOR_WRITES, 2);
      await executor.execute(createToolRequest('nested.recurse'));
      expect(recurse.depths).toStrictEqual([0, 1, 2]);
    });
  });
});
