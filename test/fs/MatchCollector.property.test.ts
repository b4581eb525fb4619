import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { decodeFileContent } from '../../src/fs/content/decodeFileContent.js';
import { compileSearchPattern } from '../../src/fs/walk/compileSearchPattern.js';
import { MatchCollector } from '../../src/fs/walk/MatchCollector.js';
import { searchText } from '../../src/fs/walk/searchText.js';

const MAX_LINE_CHARS = 4;

/** Plain, required-literal and engine-only patterns over the generated lines. */
const pattern = fc.constantFrom('ab', 'b a', 'é', 'ab+', 'a.b$', '^b', 'a|é', '\\s', 'ab[a-z]*', 'é b');
const line = fc.string({ unit: fc.constantFrom('a', 'b', 'é', ' ', '\r'), maxLength: 9 });
const text = fc.array(line, { maxLength: 6 }).map((lines) => lines.join('\n'));
/** The encodings a file comes in: ASCII-only texts take the one-byte path, the others the decoded text's. */
const encode = fc.constantFrom(
  (source: string) => Buffer.from(source, 'utf8'),
  (source: string) => Buffer.from(source, 'latin1'),
  (source: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(source, 'utf8')]),
  (source: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(source, 'utf16le')]),
);

/** The reference: the decoded text searched line by line, each matching line cut to `MAX_LINE_CHARS`. */
function reference(bytes: Buffer, source: string, limit: number): unknown[] {
  if (bytes.length === 0) return [];
  const content = decodeFileContent(bytes);
  if (content.kind !== 'text') return [];
  return searchText(content.text, compileSearchPattern(source, false), limit).map((match) => ({
    path: 'file.txt',
    line: match.line,
    text:
      match.text.length <= MAX_LINE_CHARS
        ? match.text
        : `${match.text.slice(0, MAX_LINE_CHARS)} [... ${match.text.length - MAX_LINE_CHARS} more characters]`,
  }));
}

describe(MatchCollector.name, () => {
  describe('.add', () => {
    it('collects the lines searchText finds in the decoded text, cut the same way, whatever the encoding (fixed seed)', () => {
      fc.assert(
        fc.property(pattern, text, encode, fc.integer({ min: 1, max: 4 }), (source, input, toBytes, limit) => {
          const bytes = toBytes(input);
          const collector = new MatchCollector(compileSearchPattern(source, false), limit, MAX_LINE_CHARS);
          collector.add('file.txt', bytes);
          expect(collector.matches).toStrictEqual(reference(bytes, source, limit));
        }),
        { seed: 19, numRuns: 3000 },
      );
    });
  });
});
