import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { OutputCapture } from '../../src/shell/running/OutputCapture.js';

function capture(maxBytes: number, ...chunks: (string | Buffer)[]): OutputCapture {
  const output = new OutputCapture(maxBytes);
  for (const chunk of chunks) output.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return output;
}

const read = (output: OutputCapture): [string, boolean, number] => [
  output.toText(),
  output.truncated,
  output.totalBytes,
];

describe(OutputCapture.name, () => {
  describe('.toText', () => {
    it('keeps everything up to the cap', () => {
      expect(read(capture(11, 'hello', ' world'))).toStrictEqual(['hello world', false, 11]);
    });

    it('keeps the head and the tail and says how many bytes were cut', () => {
      expect(read(capture(10, 'hel', 'lo wo', 'rld!'))).toStrictEqual([
        'hello\n[... 2 bytes cut ...]\norld!',
        true,
        12,
      ]);
    });

    it('never splits a UTF-8 character at either cut', () => {
      // 'é' is 2 bytes, '€' 3: the 2-byte head would end inside é, the 2-byte tail start inside €.
      expect(read(capture(4, 'aé', 'xx', '€b'))).toStrictEqual(['a\n[... 7 bytes cut ...]\nb', true, 9]);
    });

    it('replaces invalid UTF-8', () => {
      expect(capture(100, Buffer.from([0x61, 0xff, 0x62])).toText()).toBe('a\uFFFDb');
    });

    it('accounts for every byte: kept + cut = received (property)', () => {
      fc.assert(
        fc.property(fc.integer({ min: 2, max: 64 }), fc.array(fc.string({ maxLength: 40 })), (maxBytes, chunks) => {
          const output = capture(maxBytes, ...chunks);
          const total = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0);
          const text = output.toText();
          const match = /\n\[\.\.\. (\d+) bytes cut \.\.\.\]\n/u.exec(text);
          const kept = Buffer.byteLength(match === null ? text : text.replace(match[0], ''));
          expect(output.totalBytes).toBe(total);
          expect(output.truncated).toBe(match !== null);
          // Uncut, the text is the chunks; cut, what is kept plus what the marker counts is the total.
          const accounted = match === null ? { text } : { bytes: kept + Number(match[1]) };
          expect(accounted).toStrictEqual(match === null ? { text: chunks.join('') } : { bytes: total });
          expect(kept).toBeLessThanOrEqual(maxBytes);
        }),
      );
    });
  });
});
