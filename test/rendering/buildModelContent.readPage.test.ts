import { describe, expect, it } from '@jest/globals';
import { type ToolExecutionOutcome } from '../../src/index.js';
import { buildModelContent } from '../../src/internal/index.js';

/** A completed `fs_read_file` page of `count` lines of 100 characters each, starting at line 1. */
function readPage(count: number, totalLines: number): ToolExecutionOutcome {
  const lines = Array.from({ length: count }, (_, index) => `${String(index + 1).padStart(3, '0')}${'x'.repeat(97)}`);
  return {
    status: 'completed',
    result: {
      result: { callId: 'c1', output: { type: 'text', text: `${lines.join('\n')}\n` }, isError: false },
      durationMs: 1,
      metadata: {
        totalLines,
        offset: 1,
        limit: count,
        ...(count < totalLines ? { nextOffset: count + 1 } : {}),
        truncated: false,
      },
    },
  };
}

describe(buildModelContent.name, () => {
  it('shortens a read page that does not fit to whole lines and names the next offset, losing nothing', () => {
    const content = buildModelContent(readPage(2_000, 5_000), { maxChars: 1_000 });
    const text = (content?.blocks ?? []).map((block) => (block.type === 'text' ? block.text : '')).join('');

    expect(text.length).toBeLessThanOrEqual(1_000);
    expect(text.split('\n')).toStrictEqual([
      `     1\t001${'x'.repeat(97)}`,
      `     2\t002${'x'.repeat(97)}`,
      `     3\t003${'x'.repeat(97)}`,
      `     4\t004${'x'.repeat(97)}`,
      `     5\t005${'x'.repeat(97)}`,
      '[lines 1-5 of 5,000 (the page was shortened to fit the answer); call again with offset 6]',
    ]);
  });

  it('keeps a whole file that fits as it is, with no notice', () => {
    const content = buildModelContent(readPage(3, 3), { maxChars: 1_000 });

    expect(content?.blocks).toStrictEqual([
      { type: 'text', text: [1, 2, 3].map((line) => `     ${line}\t00${line}${'x'.repeat(97)}`).join('\n') },
    ]);
  });
});
