import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GrepTool } from '../../src/fs/tools/GrepTool.js';
import { createFsHarness, type FsHarness } from './fixtures/createFsHarness.js';
import { failure, structured } from './fixtures/outcomes.js';
import { ISOLATED_TEST_BUDGET_MS, runIsolated } from './fixtures/runIsolated.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

let h: FsHarness;
const p = (...parts: string[]): string => path.join(h.root, ...parts);
const grep = async (input: Record<string, unknown>): Promise<unknown> =>
  structured(await h.call('fs_grep', { path: '.', ...input }))['matches'];

beforeAll(async () => {
  h = await createFsHarness();
  writeFileSync(p('unicode.txt'), 'Grüße aus Köln\nSTRASSE und straße\n😀 smile\nΣίσυφος\nplain ascii\n');
  writeFileSync(p('crlf.txt'), 'first end\r\nsecond END\r\nthird\r\n');
  writeFileSync(p('long.txt'), `${'y'.repeat(70_000)}\nshort tail\n`);
  writeFileSync(p('words.txt'), 'value1 = 1\nvalue12 = 2\nxvalue1 = 3\n');
  writeFileSync(p('cut.txt'), `${'z'.repeat(70_000)}needle = 5;\nneedle = 6;\r\nneedle = x;\n`);
  writeFileSync(p('edge.txt'), `${'z'.repeat(65_531)}needle\n${'z'.repeat(65_530)}needle\n`);
  writeFileSync(p('latin1.txt'), Buffer.from('caf\xe9 au lait\n\xfcber alles\n', 'latin1'));
  writeFileSync(
    p('utf16.txt'),
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('first\nsecond caf\u00e9\n', 'utf16le')]),
  );
});

afterAll(() => {
  h.cleanup();
});

describe(GrepTool.name, () => {
  describe('linear-time patterns', () => {
    it(
      'answers patterns that take exponential time on a backtracking engine (run in a child process: a freeze cannot be interrupted)',
      async () => {
        expect(await runIsolated(path.join(HERE, 'fixtures', 'grepHostilePatterns.ts'))).toStrictEqual({
          '(a|a)*b': { matches: [], truncated: false },
          '^(a+)+$': {
            matches: [{ path: expect.stringMatching(/as\.txt$/u), line: 1, text: 'a'.repeat(40) }],
            truncated: false,
          },
          '(x+x+)+y': { matches: [], truncated: false },
          '(a|aa)+$': {
            matches: [{ path: expect.stringMatching(/as\.txt$/u), line: 1, text: 'a'.repeat(40) }],
            truncated: false,
          },
        });
      },
      ISOLATED_TEST_BUDGET_MS,
    );

    it.each([
      ['(a)\\1', 'a backreference "\\1"'],
      ['(?<x>a)\\k<x>', 'a named backreference "\\k<...>"'],
      ['a(?=b)', 'a lookahead "(?=..."'],
      ['a(?!b)', 'a negative lookahead "(?!..."'],
      ['(?<=a)b', 'a lookbehind "(?<=..."'],
      ['(?<!a)b', 'a negative lookbehind "(?<!..."'],
    ])('refuses %s as invalid_input, saying the engine does not support it', async (pattern, construct) => {
      const error = failure(await h.call('fs_grep', { pattern }), 'invalid_input', 'unsafe_pattern', false);
      expect(error.message).toContain(
        `uses ${construct}, which the linear-time regular expression engine (RE2 syntax) does not support`,
      );
    });

    it('does not mistake escaped or bracketed characters for a backreference or lookaround', async () => {
      expect(await grep({ pattern: '\\\\1|[(?=]x' })).toStrictEqual([]);
    });

    it('refuses a pattern that is not a regular expression as invalid_pattern', async () => {
      const error = failure(await h.call('fs_grep', { pattern: 'x**' }), 'invalid_input', 'invalid_pattern', false);
      expect(error.message).toContain('not a valid regular expression');
    });
  });

  describe('matching', () => {
    it('matches Unicode text by code points, case-insensitively with Unicode case folding', async () => {
      expect(await grep({ pattern: 'grüsse|GRÜSSE|köln', ignoreCase: true, include: 'unicode.txt' })).toStrictEqual([
        { path: p('unicode.txt'), line: 1, text: 'Grüße aus Köln' },
      ]);
      expect(await grep({ pattern: '^.\\s', include: 'unicode.txt' })).toStrictEqual([
        { path: p('unicode.txt'), line: 3, text: '😀 smile' },
      ]);
      expect(await grep({ pattern: 'σίσυφοσ|ΣΊΣΥΦΟΣ', ignoreCase: true, include: 'unicode.txt' })).toStrictEqual([
        { path: p('unicode.txt'), line: 4, text: 'Σίσυφος' },
      ]);
      expect(await grep({ pattern: '\\u00df', include: 'unicode.txt' })).toStrictEqual([
        { path: p('unicode.txt'), line: 1, text: 'Grüße aus Köln' },
        { path: p('unicode.txt'), line: 2, text: 'STRASSE und straße' },
      ]);
    });

    it('matches plain text literally, non-ASCII included', async () => {
      expect(await grep({ pattern: 'und straße' })).toStrictEqual([
        { path: p('unicode.txt'), line: 2, text: 'STRASSE und straße' },
      ]);
      expect(await grep({ pattern: '😀 s' })).toStrictEqual([{ path: p('unicode.txt'), line: 3, text: '😀 smile' }]);
    });

    it('anchors ^ and $ at each line, a CRLF line ending before its \\r', async () => {
      expect(await grep({ pattern: 'end$', ignoreCase: true, include: 'crlf.txt' })).toStrictEqual([
        { path: p('crlf.txt'), line: 1, text: 'first end' },
        { path: p('crlf.txt'), line: 2, text: 'second END' },
      ]);
      expect(await grep({ pattern: '^third$' })).toStrictEqual([{ path: p('crlf.txt'), line: 3, text: 'third' }]);
    });

    it('tests word boundaries within each line', async () => {
      expect(await grep({ pattern: '\\bvalue1\\b' })).toStrictEqual([
        { path: p('words.txt'), line: 1, text: 'value1 = 1' },
      ]);
    });

    it('searches the first 64 KiB of a long line, where that part ends', async () => {
      expect(await grep({ pattern: 'y{10}$', include: 'long.txt' })).toStrictEqual([
        { path: p('long.txt'), line: 1, text: `${'y'.repeat(2000)} [... 63536 more characters]` },
      ]);
      expect(await grep({ pattern: '^short', include: 'long.txt' })).toStrictEqual([
        { path: p('long.txt'), line: 2, text: 'short tail' },
      ]);
    });

    it("tests the lines holding a regular expression's literal within their searched part", async () => {
      // "needle = " is the literal every match holds; the first one is past the line's 64 KiB.
      expect(await grep({ pattern: 'needle = [0-9];$', include: 'cut.txt' })).toStrictEqual([
        { path: p('cut.txt'), line: 2, text: 'needle = 6;' },
      ]);
    });

    it('finds plain text only where it ends within the searched part of its line', async () => {
      // The first line's "needle" ends one character past the first 64 KiB; the second's right at its end.
      expect(await grep({ pattern: 'needle', include: 'edge.txt' })).toStrictEqual([
        { path: p('edge.txt'), line: 2, text: `${'z'.repeat(2000)} [... 63536 more characters]` },
      ]);
      expect(await grep({ pattern: 'needle = 5', include: 'cut.txt' })).toStrictEqual([]);
    });

    it('matches Latin-1 and UTF-16 files by their decoded text', async () => {
      expect(await grep({ pattern: 'caf\u00e9 au|\u00fcber', include: 'latin1.txt' })).toStrictEqual([
        { path: p('latin1.txt'), line: 1, text: 'caf\u00e9 au lait' },
        { path: p('latin1.txt'), line: 2, text: '\u00fcber alles' },
      ]);
      expect(await grep({ pattern: 'second', include: 'utf16.txt' })).toStrictEqual([
        { path: p('utf16.txt'), line: 2, text: 'second caf\u00e9' },
      ]);
    });

    it('tells a line from the text with \\A, \\z and inline flags (RE2 syntax)', async () => {
      expect(await grep({ pattern: '\\Asecond', include: 'crlf.txt' })).toStrictEqual([
        { path: p('crlf.txt'), line: 2, text: 'second END' },
      ]);
      expect(await grep({ pattern: '(?i)SECOND end\\z', include: 'crlf.txt' })).toStrictEqual([
        { path: p('crlf.txt'), line: 2, text: 'second END' },
      ]);
    });
  });
});
