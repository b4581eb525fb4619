import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { toToolName, ToolConfigurationError, type ToolSpec } from '../../src/index.js';
import {
  fromProviderToolName,
  toAnthropicTools,
  toGeminiTools,
  toOpenAIChatTools,
  toOpenAIResponsesTools,
  toProviderToolName,
} from '../../src/providers/index.js';
import { validToolNameArbitrary } from '../spec/toolNameArbitraries.js';

/** The characters OpenAI and Anthropic accept in function names (Gemini accepts a superset). */
const PROVIDER_NAME = /^[a-zA-Z0-9_-]+$/;

function spec(name: string): ToolSpec {
  return { name: toToolName(name), description: '', inputSchema: { type: 'object' }, annotations: {}, metadata: {} };
}

describe(toProviderToolName.name, () => {
  it('maps "." to "__" and back', () => {
    expect(toProviderToolName('crm.contacts.create')).toBe('crm__contacts__create');
    expect(fromProviderToolName('crm__contacts__create')).toBe('crm.contacts.create');
    expect(toProviderToolName('fs_read_file')).toBe('fs_read_file');
    expect(fromProviderToolName('fs_read_file')).toBe('fs_read_file');
  });

  it('round-trips every valid tool name, to a name providers accept', () => {
    fc.assert(
      fc.property(validToolNameArbitrary, (name) => {
        const providerName = toProviderToolName(name);
        expect(PROVIDER_NAME.test(providerName)).toBe(true);
        expect(providerName.includes('.')).toBe(false);
        expect(fromProviderToolName(providerName)).toBe(name);
      }),
      { numRuns: 2000 },
    );
  });

  it('is injective over valid tool names: two names never share a provider name', () => {
    fc.assert(
      fc.property(validToolNameArbitrary, validToolNameArbitrary, (a, b) => {
        fc.pre(a !== b);
        expect(toProviderToolName(a)).not.toBe(toProviderToolName(b));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('declaring names providers refuse', () => {
  const long = `${'a.'.repeat(20)}${'b'.repeat(24)}`;

  it('declares a dotted name that still fits', () => {
    expect(toOpenAIChatTools([spec('crm.contacts.create')])[0]?.function.name).toBe('crm__contacts__create');
  });

  it.each([
    ['OpenAI Chat', () => toOpenAIChatTools([spec(long)]), 'OpenAI', 64],
    ['OpenAI Responses', () => toOpenAIResponsesTools([spec(long)]), 'OpenAI', 64],
    ['Anthropic', () => toAnthropicTools([spec(long)]), 'Anthropic', 64],
  ])(
    '%s: a 64-character name with dots that grows past the limit is refused at declaration time',
    (_label, declare, provider, limit) => {
      expect(long.length).toBe(64);
      expect(declare).toThrow(
        new ToolConfigurationError(
          `Some tool names cannot be declared to ${provider}: "${long}" becomes "${toProviderToolName(long)}" (84 characters; ${provider} accepts at most ${limit}; each "." becomes "__"). Rename those tools.`,
        ),
      );
    },
  );

  it('Gemini: accepts the long name (128 characters) but refuses a name starting with a digit', () => {
    expect(toGeminiTools([spec(long)])[0]?.functionDeclarations[0]?.name).toBe(toProviderToolName(long));
    expect(() => toGeminiTools([spec('3d.render')])).toThrow(
      new ToolConfigurationError(
        'Some tool names cannot be declared to Gemini: "3d.render" starts with a digit (Gemini function names start with a letter or "_"). Rename those tools.',
      ),
    );
  });
});
