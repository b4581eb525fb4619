import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { buildRemoteOutput } from '../../src/mcp/buildRemoteOutput.js';

describe(buildRemoteOutput.name, () => {
  it('keeps one text block as text', () => {
    expect(buildRemoteOutput({ content: [{ type: 'text', text: 'hi' }] }, 1000)).toStrictEqual({
      output: { type: 'text', text: 'hi' },
      truncated: false,
    });
  });

  it('maps every block kind and keeps structured content last', () => {
    const result = buildRemoteOutput(
      {
        content: [
          { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
          { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', size: 3 },
          { type: 'resource', resource: { uri: 'x://blob', blob: 'AAAA', mimeType: 'application/octet-stream' } },
          { type: 'resource', resource: { uri: 'x://text', text: 'hello' } },
        ],
        structuredContent: { ok: true },
      },
      10_000,
    );

    expect(result).toStrictEqual({
      output: {
        type: 'parts',
        parts: [
          { type: 'media', mimeType: 'audio/wav', data: 'AAAA', modality: 'audio' },
          { type: 'file', uri: 'file:///a.txt', name: 'a.txt', size: 3 },
          { type: 'resource', uri: 'x://blob', mimeType: 'application/octet-stream', blob: 'AAAA' },
          { type: 'resource', uri: 'x://text', text: 'hello' },
          { type: 'json', value: { ok: true } },
        ],
      },
      truncated: false,
    });
  });

  it('replaces a part that does not fit by a note', () => {
    const result = buildRemoteOutput(
      {
        content: [
          { type: 'text', text: 'short' },
          { type: 'image', data: 'A'.repeat(500), mimeType: 'image/png' },
        ],
      },
      200,
    );

    expect(result).toStrictEqual({
      output: {
        type: 'parts',
        parts: [
          { type: 'text', text: 'short' },
          {
            type: 'text',
            text: '[image media part of 568 characters left out: the result exceeds the 200-character cap]',
          },
        ],
      },
      truncated: true,
    });
  });

  it('gives an empty result as empty text', () => {
    expect(buildRemoteOutput({ content: [] }, 10)).toStrictEqual({
      output: { type: 'text', text: '' },
      truncated: false,
    });
  });

  it('truncates text results exactly when their JSON exceeds the cap (escapes included)', () => {
    const texts = fc.array(
      fc.oneof(
        fc.string({ unit: 'grapheme', size: 'medium' }),
        fc.string({ unit: fc.constantFrom('"', '\\', '\n', '\u0001', 'a'), size: 'medium' }),
      ),
      {
        maxLength: 4,
      },
    );
    fc.assert(
      // Caps around the exact size, where an estimate that missed escapes would answer wrong.
      fc.property(texts, fc.integer({ min: -64, max: 64 }), (parts, offset) => {
        const size = parts.reduce((sum, text) => sum + JSON.stringify({ type: 'text', text }).length, 0);
        const cap = Math.max(0, size + offset);
        const { truncated } = buildRemoteOutput(
          { content: parts.map((text) => ({ type: 'text' as const, text })) },
          cap,
        );
        expect(truncated).toBe(size > cap);
      }),
      { numRuns: 500 },
    );
  });
});
