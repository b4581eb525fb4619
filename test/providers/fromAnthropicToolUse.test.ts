import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fromAnthropicToolUse } from '../../src/providers/index.js';
import { getCompletedOutput } from '../../src/testing/index.js';
import { createProviderHarness, type ProviderHarness } from './fixtures/createProviderHarness.js';

let harness: ProviderHarness;

beforeAll(async () => {
  harness = await createProviderHarness();
});

afterAll(() => harness.close());

describe(fromAnthropicToolUse.name, () => {
  it('reads a tool_use block: the block id as callId, the name mapped back, the input as sent; it executes', async () => {
    const input = { name: 'Ada', kind: 'customer', address: { street: '1 Main St' } };
    const parsed = fromAnthropicToolUse(
      { type: 'tool_use', id: 'toolu_01', name: 'crm__create_contact', input },
      { sessionId: 's', turnId: 't', metadata: { model: 'claude' } },
    );
    expect(parsed).toStrictEqual({
      request: {
        callId: 'toolu_01',
        toolName: 'crm.create_contact',
        input,
        sessionId: 's',
        turnId: 't',
        metadata: { model: 'claude' },
      },
    });
    expect(getCompletedOutput(await harness.executor.execute(parsed.request))).toStrictEqual({
      type: 'structured',
      value: { id: 'contact-Ada', received: input },
    });
  });

  it('removes nulls for absent optional fields when given the specs', () => {
    const parsed = fromAnthropicToolUse(
      { type: 'tool_use', id: 'toolu_02', name: 'fs_read_file', input: { path: 'a.txt', offset: null, limit: null } },
      { sessionId: 's', turnId: 't', specs: harness.specs },
    );
    expect(parsed.request.input).toStrictEqual({ path: 'a.txt' });
  });
});
