import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ToolError, type ToolExecutionOutcome } from '../../src/index.js';
import { fromOpenAIToolCall, toOpenAIChatTools, type ParsedToolCall } from '../../src/providers/index.js';
import { getCompletedOutput } from '../../src/testing/index.js';
import { createProviderHarness, type ProviderHarness } from './fixtures/createProviderHarness.js';

let harness: ProviderHarness;

beforeAll(async () => {
  harness = await createProviderHarness();
});

afterAll(() => harness.close());

const SCOPE = { sessionId: 'session-1', turnId: 'turn-1' };

/** What a strict-mode model sends for crm__create_contact when it leaves every optional field out. */
const STRICT_ARGUMENTS = JSON.stringify({
  name: 'Ada',
  email: null,
  age: null,
  kind: 'lead',
  address: { street: '1 Main St', city: null },
  otherAddresses: [
    { street: '2 Side St', city: 'Paris' },
    { street: '3 Back St', city: null },
  ],
  vip: null,
});

function chatCall(name: string, args: string, id = 'call_1') {
  return { id, type: 'function' as const, function: { name, arguments: args } };
}

describe(fromOpenAIToolCall.name, () => {
  it('strict round trip: nulls for absent optional fields are removed, the input validates against the original schema and executes', async () => {
    const [declared] = toOpenAIChatTools(
      harness.specs.filter((spec) => spec.name === 'crm.create_contact'),
      { strict: true },
    );
    expect(declared?.function).toMatchObject({ name: 'crm__create_contact', strict: true });
    const parsed = fromOpenAIToolCall(chatCall('crm__create_contact', STRICT_ARGUMENTS), {
      ...SCOPE,
      metadata: { model: 'gpt' },
      specs: harness.specs,
    });
    const expectedInput = {
      name: 'Ada',
      kind: 'lead',
      address: { street: '1 Main St' },
      otherAddresses: [{ street: '2 Side St', city: 'Paris' }, { street: '3 Back St' }],
    };
    expect(parsed).toStrictEqual({
      request: {
        callId: 'call_1',
        toolName: 'crm.create_contact',
        input: expectedInput,
        sessionId: 'session-1',
        turnId: 'turn-1',
        metadata: { model: 'gpt' },
      },
    });
    const output = getCompletedOutput(await harness.executor.execute(parsed.request));
    expect(output).toStrictEqual({ type: 'structured', value: { id: 'contact-Ada', received: expectedInput } });
  });

  it('without the specs the strict nulls reach the executor, which refuses them (why the specs are needed)', async () => {
    const parsed = fromOpenAIToolCall(chatCall('crm__create_contact', STRICT_ARGUMENTS), SCOPE);
    const outcome = await harness.executor.execute(parsed.request);
    expect(outcome).toMatchObject({ status: 'failed', invoked: false, error: { code: 'invalid_input' } });
  });

  it('keeps a null the original schema accepts, and nulls of required fields (for the executor to refuse)', () => {
    const point = fromOpenAIToolCall(chatCall('mcp_low_point', '{"point":{"x":1,"y":null},"label":null,"tags":null}'), {
      ...SCOPE,
      specs: harness.specs,
    });
    expect(point.request.input).toStrictEqual({ point: { x: 1 }, label: null });
    const contact = fromOpenAIToolCall(chatCall('crm__create_contact', '{"name":null,"kind":"lead","address":null}'), {
      ...SCOPE,
      specs: harness.specs,
    });
    expect(contact.request.input).toStrictEqual({ name: null, kind: 'lead', address: null });
  });

  it.each([
    ['truncated', '{"path": "notes.txt"', `Expected ',' or '}' after property value in JSON at position 20`],
    ['not JSON at all', 'path=notes.txt', `Unexpected token 'p', "path=notes.txt" is not valid JSON`],
  ])(
    'arguments that are not valid JSON (%s) give an invalid_input failure that says so, to send back instead of executing',
    (_label, args, problem) => {
      const parsed = fromOpenAIToolCall(chatCall('fs_read_file', args, 'call_9'), { ...SCOPE, specs: harness.specs });
      const message = `the arguments are not valid JSON (${problem})`;
      expect(parsed).toStrictEqual({
        request: {
          callId: 'call_9',
          toolName: 'fs_read_file',
          input: args,
          sessionId: 'session-1',
          turnId: 'turn-1',
          metadata: {},
        },
        failure: {
          status: 'failed',
          invoked: false,
          error: new ToolError(
            'invalid_input',
            `Input for tool \`fs_read_file\` is invalid (1 problem):\n- (root): ${message}\nSend the arguments as one JSON object and call the tool again.`,
            { errors: [{ path: '', constraint: 'json', message }] },
          ),
        },
      } satisfies ParsedToolCall);
      expect((parsed.failure?.error as ToolError).toJSON().details).toStrictEqual({
        errors: [{ path: '', constraint: 'json', message }],
      });
    },
  );

  it('the raw string, executed anyway, would only say "(root): must be object": the failure is what the model needs', async () => {
    const parsed = fromOpenAIToolCall(chatCall('fs_read_file', '{"path": "notes.txt"'), SCOPE);
    const executed: ToolExecutionOutcome = await harness.executor.execute(parsed.request);
    expect(executed.status === 'failed' && executed.error.message).toContain('(root): must be object');
    expect(parsed.failure?.error.message).toContain('not valid JSON');
  });

  it('reads empty arguments as {} (models send "" for tools without parameters)', () => {
    expect(fromOpenAIToolCall(chatCall('fs_glob', ''), SCOPE)).toStrictEqual({
      request: {
        callId: 'call_1',
        toolName: 'fs_glob',
        input: {},
        sessionId: 'session-1',
        turnId: 'turn-1',
        metadata: {},
      },
    });
  });

  it('reads a Responses API function_call item: call_id, name mapped back, strict nulls removed', () => {
    const parsed = fromOpenAIToolCall(
      { type: 'function_call', call_id: 'call_r1', name: 'crm__create_contact', arguments: STRICT_ARGUMENTS },
      { ...SCOPE, specs: harness.specs },
    );
    expect(parsed.request).toMatchObject({
      callId: 'call_r1',
      toolName: 'crm.create_contact',
      input: { name: 'Ada', kind: 'lead', address: { street: '1 Main St' } },
    });
    expect(parsed.failure).toBeUndefined();
  });

  it('refuses a custom (free-form) tool call with an invalid_input failure', () => {
    const parsed = fromOpenAIToolCall(
      { type: 'custom', id: 'call_c', custom: { name: 'fs_read_file', input: 'notes.txt' } },
      SCOPE,
    );
    expect(parsed.request).toMatchObject({ callId: 'call_c', toolName: 'fs_read_file', input: 'notes.txt' });
    expect(parsed.failure).toMatchObject({ status: 'failed', invoked: false, error: { code: 'invalid_input' } });
    expect(parsed.failure?.error.message).toBe(
      'Tool `fs_read_file` takes JSON arguments; it was called as a custom (free-form) tool. Call it as a function with a JSON object.',
    );
  });
});
