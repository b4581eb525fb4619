import { describe, expect, it } from '@jest/globals';
import { isToolOutput } from '../../src/values/isToolOutput.js';

describe('isToolOutput with embedded resource parts', () => {
  it('takes a resource part with text or with a blob', () => {
    expect(
      isToolOutput({
        type: 'parts',
        parts: [
          { type: 'resource', uri: 'test://a', mimeType: 'text/plain', text: 'hi' },
          { type: 'resource', uri: 'test://b', blob: 'AAAA' },
        ],
      }),
    ).toBe(true);
  });

  it.each([
    ['both text and blob', { type: 'resource', uri: 'test://a', text: 'hi', blob: 'AAAA' }],
    ['neither text nor blob', { type: 'resource', uri: 'test://a' }],
    ['no uri', { type: 'resource', text: 'hi' }],
    ['a key it does not know', { type: 'resource', uri: 'test://a', text: 'hi', name: 'a' }],
    ['a mimeType that is not a string', { type: 'resource', uri: 'test://a', text: 'hi', mimeType: 1 }],
  ])('counts a resource part with %s as data, not a ToolOutput', (_, part) => {
    expect(isToolOutput({ type: 'parts', parts: [part] })).toBe(false);
  });
});
