import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { fromProviderToolName, toProviderToolName } from '../../src/providers/index.js';
import { validToolNameArbitrary } from '../spec/toolNameArbitraries.js';

/** The names OpenAI and Anthropic accept for functions (Gemini accepts a superset). */
const PROVIDER_NAME = /^[a-zA-Z0-9_-]{1,128}$/;

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
