import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  buildToolResult,
  type ContentPart,
  type ToolExecutionOutcome,
  type ToolOutput,
  type ModelBlock,
} from '../../src/index.js';
import { buildModelContent } from '../../src/internal/index.js';

const PNG = Buffer.from('89504e470d0a1a0a', 'hex').toString('base64');

function completed(output: ToolOutput): ToolExecutionOutcome {
  return { status: 'completed', result: buildToolResult({ callId: 'call-x' }, output) };
}

function textLength(blocks: readonly ModelBlock[]): number {
  return blocks.reduce((sum, block) => sum + (block.type === 'text' ? block.text.length : 0), 0);
}

function render(parts: readonly ContentPart[], maxChars: number): readonly ModelBlock[] {
  return buildModelContent(completed({ type: 'parts', parts }), { maxChars })?.blocks ?? [];
}

describe(buildModelContent.name, () => {
  describe('the budget of many parts', () => {
    it('keeps 1,000 long text blocks between images within maxChars, and says how many were left out', () => {
      const parts: ContentPart[] = Array.from({ length: 1_000 }, (_, index) => [
        { type: 'text' as const, text: `block ${index} ${'y'.repeat(500)}` },
        { type: 'media' as const, modality: 'image' as const, mimeType: 'image/png', data: PNG },
      ]).flat();
      const blocks =
        buildModelContent(completed({ type: 'parts', parts }), { maxChars: 2_000, maxImages: 1_000 })?.blocks ?? [];
      expect(textLength(blocks)).toBeLessThanOrEqual(2_000);
      expect(blocks.at(-1)).toStrictEqual({
        type: 'text',
        text: '[... 991 more text blocks (505,318 characters) left out to fit 2,000 characters ...]',
      });
      expect(blocks.filter((block) => block.type === 'image')).toHaveLength(1_000);
    });

    it('keeps a short block whole next to a long one instead of cutting both in proportion', () => {
      const blocks = render(
        [
          { type: 'text', text: 'short note' },
          { type: 'media', modality: 'image', mimeType: 'image/png', data: PNG },
          { type: 'text', text: 'z'.repeat(10_000) },
        ],
        1_000,
      );
      expect(blocks[0]).toStrictEqual({ type: 'text', text: 'short note' });
      expect(textLength(blocks)).toBeLessThanOrEqual(1_000);
      expect(blocks[2]?.type === 'text' && blocks[2].text.includes('cut from the middle')).toBe(true);
    });

    it('never passes maxChars, whatever the mix of texts and images (property)', () => {
      fc.assert(
        fc.property(
          fc.array(
            fc.oneof(
              fc.string({ maxLength: 3_000 }).map((text): ContentPart => ({ type: 'text', text })),
              fc.constant<ContentPart>({ type: 'media', modality: 'image', mimeType: 'image/png', data: PNG }),
            ),
            { maxLength: 60 },
          ),
          fc.integer({ min: 200, max: 5_000 }),
          (parts, maxChars) => {
            expect(textLength(render(parts, maxChars))).toBeLessThanOrEqual(maxChars);
          },
        ),
        { numRuns: 300 },
      );
    });
  });

  describe('images', () => {
    it('sends the first maxImages images (default 8) and describes the rest in a line of text', () => {
      const parts: ContentPart[] = Array.from({ length: 10 }, () => ({
        type: 'media' as const,
        modality: 'image' as const,
        mimeType: 'image/png',
        data: PNG,
      }));
      const blocks = render(parts, 30_000);
      expect(blocks.filter((block) => block.type === 'image')).toHaveLength(8);
      expect(blocks.at(-1)).toStrictEqual({
        type: 'text',
        text: '[image (image/png, 8 bytes) not shown: only the first 8 images are sent]\n[image (image/png, 8 bytes) not shown: only the first 8 images are sent]',
      });
      expect(
        buildModelContent(completed({ type: 'parts', parts }), { maxImages: 0 })?.blocks.some(
          (block) => block.type === 'image',
        ),
      ).toBe(false);
    });

    it('refuses a maxImages that is not a whole number from 0', () => {
      expect(() => buildModelContent(completed({ type: 'text', text: 'x' }), { maxImages: -1 })).toThrow(RangeError);
    });
  });

  describe('edits and writes', () => {
    it('renders an fs_edit_file result as a line and its diff, not JSON', () => {
      const value = {
        path: '/w/src/a.ts',
        replacements: 2,
        diff: '--- /w/src/a.ts\n+++ /w/src/a.ts\n@@ -1 +1 @@\n-a\n+b\n',
        diffTruncated: false,
      };
      expect(buildModelContent(completed({ type: 'structured', value }), { root: '/w' })?.blocks).toStrictEqual([
        {
          type: 'text',
          text: 'edited src/a.ts (2 replacements)\n--- /w/src/a.ts\n+++ /w/src/a.ts\n@@ -1 +1 @@\n-a\n+b',
        },
      ]);
    });

    it('renders an fs_write_file result with the directories it created and a shortened diff notice', () => {
      const value = {
        path: '/w/new/b.txt',
        created: true,
        bytes: 1,
        createdDirectories: ['/w/new'],
        diff: '+x\n',
        diffTruncated: true,
      };
      expect(buildModelContent(completed({ type: 'structured', value }), { root: '/w' })?.blocks).toStrictEqual([
        {
          type: 'text',
          text: 'created new/b.txt (1 byte)\ncreated directories: new\n[the diff was shortened by the tool; read the file to see all of it]\n+x',
        },
      ]);
    });

    it('keeps other values with the same keys but other types as JSON', () => {
      const value = { path: '/w/a', replacements: 'two', diff: '', diffTruncated: false };
      expect(buildModelContent(completed({ type: 'structured', value }))?.blocks).toStrictEqual([
        { type: 'text', text: JSON.stringify(value) },
      ]);
    });
  });
});
