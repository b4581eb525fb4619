import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fromGeminiFunctionCall } from '../../src/providers/index.js';
import { getCompletedOutput } from '../../src/testing/index.js';
import { createProviderHarness, type ProviderHarness } from './fixtures/createProviderHarness.js';

let harness: ProviderHarness;

beforeAll(async () => {
  harness = await createProviderHarness();
});

afterAll(() => harness.close());

describe(fromGeminiFunctionCall.name, () => {
  it('reads a functionCall with an id: the id as callId, the name mapped back, args as sent; it executes', async () => {
    const args = { name: 'Ada', kind: 'lead', address: { street: '1 Main St', city: 'Paris' } };
    const parsed = fromGeminiFunctionCall(
      { id: 'fc-1', name: 'crm__create_contact', args },
      { sessionId: 's', turnId: 't' },
    );
    expect(parsed).toStrictEqual({
      request: {
        callId: 'fc-1',
        toolName: 'crm.create_contact',
        input: args,
        sessionId: 's',
        turnId: 't',
        metadata: {},
      },
    });
    expect(getCompletedOutput(await harness.executor.execute(parsed.request))).toStrictEqual({
      type: 'structured',
      value: { id: 'contact-Ada', received: args },
    });
  });

  it("makes a deterministic callId from the turn and the call's index when Gemini sends no id", () => {
    const first = fromGeminiFunctionCall(
      { name: 'fs_glob', args: { pattern: '*.md' } },
      { sessionId: 's', turnId: 'turn-7' },
    );
    const second = fromGeminiFunctionCall(
      { name: 'fs_glob', args: { pattern: '*.md' } },
      { sessionId: 's', turnId: 'turn-7', index: 1 },
    );
    expect([first.request.callId, second.request.callId]).toStrictEqual(['gemini:turn-7:0', 'gemini:turn-7:1']);
    expect(
      fromGeminiFunctionCall({ name: 'fs_glob', args: { pattern: '*.md' } }, { sessionId: 's', turnId: 'turn-7' })
        .request.callId,
    ).toBe(first.request.callId);
  });

  it('reads absent args as {} and an absent name as "" (which the executor reports as an unknown tool)', async () => {
    const parsed = fromGeminiFunctionCall({}, { sessionId: 's', turnId: 't' });
    expect(parsed.request).toStrictEqual({
      callId: 'gemini:t:0',
      toolName: '',
      input: {},
      sessionId: 's',
      turnId: 't',
      metadata: {},
    });
    expect(await harness.executor.execute(parsed.request)).toMatchObject({
      status: 'failed',
      invoked: false,
      error: { code: 'not_found' },
    });
  });
});
