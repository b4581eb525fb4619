import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import {
  agentkitModule,
  BasicToolExecutor,
  buildToolResult,
  PermissionDecision,
  ToolConfigurationError,
  ToolError,
  ToolRegistry,
  type PermissionChecker,
} from '../../src/index.js';
import { createToolRequest } from '../../src/testing/index.js';
import { plainTool } from '../fixtures/plainTool.js';
import { TestRequest } from '../fixtures/plainTool.js';
import { parentOf, registerOtel, type OtelHarness } from './otelHarness.js';

const ALLOW: PermissionChecker = { evaluate: () => PermissionDecision.allow() };

function buildExecutor(
  checker: PermissionChecker = ALLOW,
  tracing?: false | { recordContent?: boolean },
): BasicToolExecutor {
  const registry = new ToolRegistry()
    .register(plainTool({ name: 'echo' }))
    .register(
      plainTool({
        name: 'broken',
        invoke: () => {
          throw new ToolError('execution_failed', 'the disk is full');
        },
      }),
    )
    .register(
      plainTool({
        name: 'guarded',
        preflight: (request) => [new TestRequest('test.write', JSON.stringify(request.input))],
      }),
    )
    .register(
      plainTool({
        name: 'parent',
        invoke: async (request, ctx) => {
          const first = await ctx.scope.executeChild({ toolName: 'echo', input: { n: 1 } });
          const second = await ctx.scope.executeChild({ toolName: 'broken', input: {} });
          return buildToolResult(request, { type: 'structured', value: [first.status, second.status] });
        },
      }),
    );
  return new BasicToolExecutor({
    registry,
    permissions: checker,
    ...(tracing === undefined ? {} : { tracing }),
  });
}

describe('BasicToolExecutor tracing (OpenTelemetry)', () => {
  let otel: OtelHarness;
  beforeEach(() => {
    otel = registerOtel();
  });
  afterEach(async () => {
    await otel.shutdown();
  });

  it('makes a completed call an execute_tool span with the GenAI attributes, no content by default', async () => {
    const outcome = await buildExecutor().execute(createToolRequest('echo', { secret: 'x' }, { callId: 'call-1' }));
    expect(outcome.status).toBe('completed');
    const span = otel.span('execute_tool echo');
    expect(span.kind).toBe(SpanKind.INTERNAL);
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(span.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'echo',
      'gen_ai.tool.call.id': 'call-1',
      'gen_ai.tool.type': 'function',
      'gen_ai.tool.description': 'Test tool echo.',
      'agentkit.outcome': 'completed',
      'agentkit.result.is_error': false,
    });
    expect(span.attributes).not.toHaveProperty('gen_ai.tool.call.arguments');
    expect(span.attributes).not.toHaveProperty('gen_ai.tool.call.result');
    expect(span.attributes).not.toHaveProperty('error.type');
    // The permission evaluation is a child span of the call's.
    const permission = otel.span('permission tool.invoke');
    expect(parentOf(permission)).toBe(span.spanContext().spanId);
    expect(permission.attributes).toStrictEqual({
      'agentkit.permission.kind': 'tool.invoke',
      'agentkit.permission.decision': 'allow',
    });
  });

  it('records the arguments and the result when the host opts in', async () => {
    await buildExecutor(ALLOW, { recordContent: true }).execute(createToolRequest('echo', { city: 'Oslo' }));
    expect(otel.span('execute_tool echo').attributes).toMatchObject({
      'gen_ai.tool.call.arguments': '{"city":"Oslo"}',
      'gen_ai.tool.call.result': '{"type":"structured","value":{"city":"Oslo"}}',
    });
  });

  it('marks a failed call with error.type (the ToolErrorCode) and an error status', async () => {
    const outcome = await buildExecutor().execute(createToolRequest('broken', {}));
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'execution_failed' } });
    const span = otel.span('execute_tool broken');
    expect(span.status).toStrictEqual({ code: SpanStatusCode.ERROR, message: 'the disk is full' });
    expect(span.attributes).toMatchObject({
      'error.type': 'execution_failed',
      'agentkit.outcome': 'failed',
      'agentkit.invoked': true,
    });
  });

  it('marks a denied call permission_denied, its permission span saying deny', async () => {
    const checker: PermissionChecker = { evaluate: () => PermissionDecision.deny('not here', 'policy_denied') };
    const outcome = await buildExecutor(checker).execute(createToolRequest('guarded', { path: '/etc' }));
    expect(outcome).toMatchObject({ status: 'failed', invoked: false, error: { code: 'permission_denied' } });
    const span = otel.span('execute_tool guarded');
    expect(span.attributes).toMatchObject({ 'error.type': 'permission_denied', 'agentkit.invoked': false });
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(otel.span('permission test.write').attributes).toStrictEqual({
      'agentkit.permission.kind': 'test.write',
      'agentkit.permission.decision': 'deny',
      'agentkit.permission.deny_code': 'policy_denied',
    });
  });

  it('ends a call waiting for approval with an approval event, and names the approval on the resumed call', async () => {
    const checker: PermissionChecker = {
      evaluate: (request) =>
        request.kind === 'test.write'
          ? PermissionDecision.requireApproval('a person decides')
          : PermissionDecision.allow(),
    };
    const executor = buildExecutor(checker);
    const request = createToolRequest('guarded', { n: 1 });
    const outcome = await executor.execute(request);
    if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required')
      throw new Error(`expected an approval, got ${outcome.status}`);
    const { approval } = outcome.interruption;
    const waiting = otel.span('execute_tool guarded');
    expect(waiting.status.code).toBe(SpanStatusCode.UNSET);
    expect(waiting.attributes).toMatchObject({
      'agentkit.outcome': 'interrupted',
      'agentkit.interruption.type': 'approval_required',
    });
    expect(waiting.events.map((event) => [event.name, event.attributes])).toStrictEqual([
      [
        'agentkit.approval.requested',
        { 'agentkit.approval.id': approval.id, 'agentkit.approval.expires_at': approval.expiresAt },
      ],
    ]);
    expect(otel.span('permission test.write').attributes).toMatchObject({
      'agentkit.permission.decision': 'require_approval',
    });

    otel.exporter.reset();
    const resumed = await executor.executeApproved(request, approval);
    expect(resumed.status).toBe('completed');
    expect(otel.span('execute_tool guarded').attributes).toMatchObject({
      'agentkit.outcome': 'completed',
      'agentkit.approval.resumed': true,
      'agentkit.approval.id': approval.id,
    });
  });

  it('makes nested calls child spans of their parent call, in one trace', async () => {
    const outcome = await buildExecutor().execute(createToolRequest('parent', {}, { callId: 'top' }));
    expect(outcome).toMatchObject({ status: 'completed' });
    const parent = otel.span('execute_tool parent');
    const echo = otel.span('execute_tool echo');
    const broken = otel.span('execute_tool broken');
    for (const child of [echo, broken]) {
      expect(parentOf(child)).toBe(parent.spanContext().spanId);
      expect(child.spanContext().traceId).toBe(parent.spanContext().traceId);
      expect(child.attributes['agentkit.call.parent_id']).toBe('top');
    }
    expect(echo.attributes['gen_ai.tool.call.id']).toBe('top/1');
    expect(broken.attributes['error.type']).toBe('execution_failed');
    expect(parent.attributes['error.type']).toBeUndefined();
  });

  it('traces nothing when the host turns tracing off', async () => {
    await buildExecutor(ALLOW, false).execute(createToolRequest('echo', {}));
    expect(otel.spans()).toStrictEqual([]);
  });
});

describe('BasicToolExecutor without a tracer provider', () => {
  it('builds no tracer: an executor built before registration traces nothing', async () => {
    const executor = buildExecutor();
    const otel = registerOtel();
    try {
      await executor.execute(createToolRequest('echo', {}));
      expect(otel.spans()).toStrictEqual([]);
      // One built after registration does.
      await buildExecutor().execute(createToolRequest('echo', {}));
      expect(otel.spans().map((span) => span.name)).toStrictEqual(['permission tool.invoke', 'execute_tool echo']);
    } finally {
      await otel.shutdown();
    }
  });
});

describe('tracing options', () => {
  it('refuses a tracing option that is neither false nor { recordContent?: boolean }, installed or not', () => {
    const registry = new ToolRegistry().register(plainTool({ name: 'echo' }));
    const build = (tracing: unknown) => () =>
      new BasicToolExecutor({ registry, permissions: ALLOW, tracing: tracing as false });
    expect(build(true)).toThrow(
      'BasicToolExecutor: tracing must be false or { recordContent?: boolean }; got boolean.',
    );
    expect(build({ recordContent: 'yes' })).toThrow('BasicToolExecutor: tracing.recordContent must be true or false.');
    expect(build({ record: true })).toThrow(ToolConfigurationError);
    expect(() => agentkitModule({ tracing: 'on' as unknown as false })).toThrow(
      'agentkitModule(options): tracing must be false or { recordContent?: boolean }; got "on".',
    );
  });
});
