import { afterEach, describe, expect, it } from '@jest/globals';
import 'reflect-metadata';
import { Container } from 'inversify';
import {
  agentkitModule,
  buildToolResult,
  PERMISSION_CHECKER,
  PermissionDecision,
  TOOL_EXECUTOR,
  TOOL_SOURCE,
  ToolConfigurationError,
  type PermissionRequest,
  type ToolEvent,
  type ToolExecutor,
} from '../../src/index.js';
import { CODE_RUN_DEFAULTS, codeTools, CodeRunPermissionRequest } from '../../src/code/index.js';
import { plainTool } from '../fixtures/plainTool.js';
import { codeRequest, createCodeHost } from './fixtures/createCodeHost.js';

const executors: ToolExecutor[] = [];
afterEach(async () => {
  for (const executor of executors.splice(0)) await executor.close();
});

async function host(...args: Parameters<typeof createCodeHost>): Promise<ToolExecutor> {
  const executor = await createCodeHost(...args);
  executors.push(executor);
  return executor;
}

const echo = () =>
  plainTool({
    name: 'echo',
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true },
  });

describe('codeTools', () => {
  it('checks its options when the module is made', () => {
    expect(() => codeTools({ memoryBytes: 1024 })).toThrow(ToolConfigurationError);
    expect(() => codeTools({ memoryBytes: 1024 })).toThrow(
      /memoryBytes must be an integer from 25165824 to 1073741824; got 1024/,
    );
    expect(() => codeTools({ timeoutMs: 1.5 })).toThrow(/timeoutMs/);
    expect(() => codeTools({ stackBytes: 8 * 1024 * 1024 })).toThrow(/stackBytes/);
    expect(() => codeTools({ tools: 'some' as never })).toThrow(/tools must be 'all', a list of tool names/);
    expect(() => codeTools({ maxToolCall: 3 } as never)).toThrow(/unknown key "maxToolCall"/);
    expect(() => codeTools({ maxToolCalls: 5, timeoutMs: 1000 })).not.toThrow();
  });

  it('describes the callable tools to the model in TypeScript, and never offers code_run to itself', async () => {
    const executor = await host({ tools: [echo(), plainTool({ name: 'other' })] });
    const spec = executor.specs().find((candidate) => candidate.name === 'code_run');
    expect(spec?.description).toContain('declare const tools');
    expect(spec?.description).toContain('echo(input: ');
    expect(spec?.description).toContain('other(input: ');
    expect(spec?.description).not.toMatch(/code_run\(input/);
    expect(spec?.metadata).toStrictEqual({ callableTools: ['echo', 'other'] });
    expect(spec?.inputSchema).toMatchObject({ required: ['code'], additionalProperties: false });
    const describe = await executor.execute(codeRequest("return [describe('echo'), describe('missing')];"));
    expect(describe.status).toBe('completed');
    const [one, missing] =
      describe.status === 'completed' && describe.result.result.output.type === 'structured'
        ? (describe.result.result.output.value as { result: string[] }).result
        : [];
    expect(one).toContain('echo(input: ');
    expect(missing).toContain('No callable tool is named "missing"');
  });

  it('lets the host choose the callable tools by list or by a predicate on their specs', async () => {
    const byList = await host({ tools: [echo(), plainTool({ name: 'other' })], code: { tools: ['other'] } });
    const listed = await byList.execute(
      codeRequest("try { await tools.echo({ text: 'x' }); } catch (e) { return e.code + ' ' + e.reason; }"),
    );
    expect(listed).toMatchObject({
      status: 'completed',
      result: { result: { output: { value: { result: 'not_found unknown_tool' } } } },
    });

    const readOnly = await host({
      tools: [echo(), plainTool({ name: 'other' })],
      code: { tools: (spec) => spec.annotations.readOnlyHint === true },
    });
    const spec = readOnly.specs().find((candidate) => candidate.name === 'code_run');
    expect(spec?.metadata).toStrictEqual({ callableTools: ['echo'] });
  });

  it('refuses at start-up a tool list naming a tool the executor lacks', async () => {
    const container = new Container();
    container.bind(TOOL_SOURCE).toConstantValue({ id: 'test tools', loadTools: () => [echo()] });
    container.load(agentkitModule(), codeTools({ tools: ['echo', 'nope'] }));
    await expect(container.getAsync(TOOL_EXECUTOR)).rejects.toThrow(/names "nope", which the executor does not have/);
  });

  it('checks code_run itself: its preflight names the script, and a policy can refuse it', async () => {
    const seen: PermissionRequest[] = [];
    const container = new Container();
    container.bind(PERMISSION_CHECKER).toConstantValue({
      evaluate: (request: PermissionRequest) => {
        seen.push(request);
        return request.kind === 'code.run' && String(request.target).includes('forbidden')
          ? PermissionDecision.deny('no such scripts')
          : PermissionDecision.allow();
      },
    });
    const tool = echo();
    container.bind(TOOL_SOURCE).toConstantValue({ id: 'test tools', loadTools: () => [tool] });
    container.load(agentkitModule(), codeTools());
    const executor = await container.getAsync(TOOL_EXECUTOR);
    executors.push(executor);
    const script = "// forbidden\nawait tools.echo({ text: 'x' });";
    const denied = await executor.execute(codeRequest(script));
    expect(denied).toMatchObject({ status: 'failed', error: { code: 'permission_denied' }, invoked: false });
    expect(tool.calls).toHaveLength(0);
    const request = seen[0] as CodeRunPermissionRequest;
    expect(request).toBeInstanceOf(CodeRunPermissionRequest);
    expect(request.summary()).toMatch(/^run a script of 2 lines \(sha256 [0-9a-f]{12}\): "\/\/ forbidden\\nawait/);
    expect(request.toJSON()).toMatchObject({
      kind: 'code.run',
      metadata: { chars: script.length, lines: 2 },
      target: script,
    });

    const allowed = await executor.execute(codeRequest("return (await tools.echo({ text: 'x' })).text;", 'run-2'));
    expect(allowed).toMatchObject({ status: 'completed' });
    // The child call went through the checker too, as the plain tool call it is.
    expect(seen.map((entry) => entry.kind)).toStrictEqual(['code.run', 'code.run', 'tool.invoke']);
  });

  it("passes the children's progress and logs to the host with their call ids, and the script's console as logs", async () => {
    const working = plainTool({
      name: 'working',
      invoke: (request, ctx) => {
        ctx.progress({ progress: 1, total: 2, message: 'half' });
        ctx.log('notice', 'from the child');
        return buildToolResult(request, { type: 'text', text: 'worked' });
      },
    });
    const executor = await host({ tools: [working] });
    const events: ToolEvent[] = [];
    const outcome = await executor.execute(
      codeRequest("console.log('start', { n: 1 }); const r = await tools.working({}); console.warn(r); return r;"),
      { onEvent: (event) => events.push(event) },
    );
    expect(outcome).toMatchObject({
      status: 'completed',
      result: {
        result: { output: { value: { result: 'worked', console: ['start {"n":1}', 'worked'], toolCalls: 1 } } },
      },
    });
    expect(events).toStrictEqual([
      { type: 'log', callId: 'run-1', level: 'info', data: { console: 'log', text: 'start {"n":1}' } },
      { type: 'progress', callId: 'run-1/1', progress: 1, total: 2, message: 'half' },
      { type: 'log', callId: 'run-1/1', level: 'notice', data: 'from the child' },
      { type: 'log', callId: 'run-1', level: 'warning', data: { console: 'warn', text: 'worked' } },
    ]);
  });

  it('keeps console output to maxConsoleChars and says how many lines were cut', async () => {
    const executor = await host({ tools: [echo()], code: { maxConsoleChars: 10 } });
    const outcome = await executor.execute(
      codeRequest("for (let i = 0; i < 5; i++) console.log('line ' + i); return 1;"),
    );
    expect(outcome).toMatchObject({
      status: 'completed',
      result: { result: { output: { value: { console: ['line 0', 'line… [cut]'], consoleCut: 4 } } } },
    });
  });

  it('passes no console flood across to the host: lines past the limit are only counted in the worker', async () => {
    const executor = await host({ tools: [echo()], code: { maxConsoleChars: 1000 } });
    const events: ToolEvent[] = [];
    const outcome = await executor.execute(
      codeRequest('for (let i = 0; i < 100000; i++) console.log("line " + i); return 1;'),
      { onEvent: (event) => events.push(event) },
    );
    const value =
      outcome.status === 'completed' && outcome.result.result.output.type === 'structured'
        ? (outcome.result.result.output.value as { console: string[]; consoleCut: number })
        : undefined;
    expect(value?.console.join('').length).toBeLessThanOrEqual(1000 + '… [cut]'.length);
    // The line that crosses the limit is kept cut, and counted among the cut ones.
    expect(value?.console.at(-1)).toMatch(/… \[cut\]$/);
    expect((value?.console.length ?? 0) + (value?.consoleCut ?? 0)).toBe(100_001);
    expect(events.length).toBe(value?.console.length);
  });

  it('has the documented defaults', () => {
    expect(CODE_RUN_DEFAULTS).toMatchObject({ memoryBytes: 64 * 1024 * 1024, timeoutMs: 60_000, maxToolCalls: 100 });
  });
});
