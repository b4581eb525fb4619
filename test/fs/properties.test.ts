import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { applyPatch } from 'diff';
import fc from 'fast-check';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { countOccurrences, replaceLiteral } from '../../src/fs/content/applyLiteralEdit.js';
import { decodeFileContent } from '../../src/fs/content/decodeFileContent.js';
import { buildUnifiedDiff } from '../../src/fs/content/buildUnifiedDiff.js';
import { encodeText } from '../../src/fs/content/encodeText.js';
import { countLines, indexLines, pageLines } from '../../src/fs/content/pageLines.js';
import { createFsHarness, type FsHarness } from './fixtures/createFsHarness.js';
import { structured } from './fixtures/outcomes.js';

const smallText = fc.string({ unit: fc.constantFrom('a', 'b', '\n', '$', '&', 'é'), maxLength: 40 });

describe('edit semantics', () => {
  it('counts and replaces exactly like split/join, whatever the replacement holds', () => {
    fc.assert(
      fc.property(
        smallText,
        fc.string({ unit: fc.constantFrom('a', 'b', '\n', '$'), minLength: 1, maxLength: 3 }),
        smallText,
        (text, search, replacement) => {
          expect(countOccurrences(text, search)).toBe(text.split(search).length - 1);
          expect(replaceLiteral(text, search, replacement)).toBe(text.split(search).join(replacement));
        },
      ),
    );
  });

  describe('through the executor', () => {
    let h: FsHarness;
    beforeAll(async () => {
      h = await createFsHarness();
    });
    afterAll(() => {
      h.cleanup();
    });

    it('completes iff the search string occurs once, then the file is the reference result; else the file is unchanged', async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          smallText,
          fc.string({ unit: fc.constantFrom('a', 'b', '$'), minLength: 1, maxLength: 2 }),
          smallText,
          async (text, search, replacement) => {
            fc.pre(search !== replacement);
            const name = `edit-${run++}.txt`;
            writeFileSync(path.join(h.root, name), text);
            await h.call('fs_read_file', { path: name });
            const outcome = await h.call('fs_edit_file', { path: name, oldString: search, newString: replacement });
            const count = text.split(search).length - 1;
            const expected = count === 1 ? text.split(search).join(replacement) : text;
            expect(outcome.status).toBe(count === 1 ? 'completed' : 'failed');
            expect(readFileSync(path.join(h.root, name), 'utf8')).toBe(expected);
          },
        ),
        { numRuns: 60 },
      );
    });
  });
});

describe('paging', () => {
  it('pages through any text and gets it back whole', () => {
    fc.assert(
      fc.property(smallText, fc.integer({ min: 1, max: 5 }), (text, limit) => {
        let offset = 1;
        let joined = '';
        for (let guard = 0; guard < 100; guard++) {
          const page = pageLines(text, { offset, limit, maxLineChars: 1000, maxChars: 1000 });
          joined += page.text;
          if (page.nextOffset === undefined) break;
          offset = page.nextOffset;
        }
        expect(joined).toBe(text);
      }),
    );
  });
});

describe('paging against a reference', () => {
  /** The page as a reader would cut it by hand: split into lines, take the window, cut long lines, stop at the character cap. */
  function referencePage(
    text: string,
    offset: number,
    limit: number,
    maxLineChars: number,
    maxChars: number,
  ): { text: string; totalLines: number; cutLines: number[] } {
    const lines = text.length === 0 ? [] : text.split('\n');
    const last = lines.length > 0 && lines[lines.length - 1] === '' ? lines.pop() : undefined;
    const breaks = lines.map((_, index) => index < lines.length - 1 || last !== undefined);
    const pieces: string[] = [];
    const cutLines: number[] = [];
    let size = 0;
    for (let index = offset - 1; index < lines.length && pieces.length < limit; index++) {
      const line = lines[index] as string;
      const cut = line.length > maxLineChars;
      const piece = `${cut ? `${line.slice(0, maxLineChars)} [... ${line.length - maxLineChars} more characters on this line]` : line}${breaks[index] === true ? '\n' : ''}`;
      if (pieces.length > 0 && size + piece.length > maxChars) break;
      pieces.push(piece);
      size += piece.length;
      if (cut) cutLines.push(index + 1);
    }
    return { text: pieces.join(''), totalLines: lines.length, cutLines };
  }

  it('returns the reference page, line count and cut lines for any window and caps', () => {
    fc.assert(
      fc.property(
        smallText,
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 30 }),
        (text, offset, limit, maxLineChars, maxChars) => {
          const page = pageLines(text, { offset, limit, maxLineChars, maxChars });
          expect({ text: page.text, totalLines: page.totalLines, cutLines: page.cutLines }).toStrictEqual(
            referencePage(text, offset, limit, maxLineChars, maxChars),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe(buildUnifiedDiff.name, () => {
  const lines = fc.array(fc.constantFrom('a', 'b', ''), { maxLength: 25 });
  const join = (parts: readonly string[], lastBreak: boolean): string =>
    parts.length === 0 ? '' : parts.join('\n') + (lastBreak ? '\n' : '');
  // Unrelated texts, and texts that differ by one spliced run of lines (long common prefixes and suffixes).
  const pair = fc.oneof(
    fc
      .tuple(lines, fc.boolean(), lines, fc.boolean())
      .map(([a, aBreak, b, bBreak]) => [join(a, aBreak), join(b, bBreak)] as const),
    fc
      .tuple(
        lines,
        fc.nat(25),
        fc.nat(3),
        fc.array(fc.constantFrom('c', ''), { maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
      )
      .map(([a, at, count, insert, aBreak, bBreak]) => {
        const b: string[] = [...a];
        b.splice(at, count, ...insert);
        return [join(a, aBreak), join(b, bBreak)] as const;
      }),
  );
  const lineCount = (value: string): number =>
    value === '' ? 0 : value.split('\n').length - (value.endsWith('\n') ? 1 : 0);

  // maxEditLength 1_000 aligns every pair here; 0 takes the fallback (the middle removed, then added).
  it.each([1_000, 0])(
    'is a patch that turns the old text into the new one, and counts its lines (maxEditLength %i)',
    (maxEditLength) => {
      fc.assert(
        fc.property(pair, ([before, after]) => {
          const { diff, truncated, added, removed } = buildUnifiedDiff('f.txt', before, after, 100_000, maxEditLength);
          expect({
            patched: before === after ? diff === '' : applyPatch(before, diff),
            truncated,
            net: added - removed,
          }).toStrictEqual({
            patched: before === after ? true : after,
            truncated: false,
            net: lineCount(after) - lineCount(before),
          });
        }),
        { numRuns: 1_000 },
      );
    },
  );

  it('numbers the hunk of an edit deep in a file from the top of the file, with three lines of context', () => {
    const before = Array.from({ length: 100 }, (_, index) => `line ${index + 1}`).join('\n') + '\n';
    const after = before.replace('line 50\n', 'line fifty\n');
    expect(buildUnifiedDiff('f.txt', before, after, 10_000)).toStrictEqual({
      diff: '--- f.txt\n+++ f.txt\n@@ -47,7 +47,7 @@\n line 47\n line 48\n line 49\n-line 50\n+line fifty\n line 51\n line 52\n line 53\n',
      truncated: false,
      added: 1,
      removed: 1,
    });
  });
});

describe('encodings', () => {
  it('decodes what it encodes, BOM and encoding included', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 30 }),
        fc.constantFrom('utf8', 'utf16le', 'utf16be'),
        (text, encoding) => {
          const decoded = decodeFileContent(encodeText(text, encoding, true, '/x'));
          expect(decoded).toStrictEqual({ kind: 'text', text, encoding, bom: true });
        },
      ),
    );
  });
});

describe('write containment', () => {
  let h: FsHarness;
  beforeAll(async () => {
    h = await createFsHarness();
    mkdirSync(path.join(h.root, 'a'));
    symlinkSync(h.outside, path.join(h.root, 'link-out'));
    symlinkSync(path.join(h.root, 'a'), path.join(h.root, 'link-in'));
  });
  afterAll(() => {
    h.cleanup();
  });

  it('either refuses a path before running or writes inside the root; nothing ever lands outside', async () => {
    const segment = fc.constantFrom('.', '..', 'a', 'ghost', 'link-out', 'link-in', 'new', 'outside', 'root');
    const spelling = fc.tuple(
      fc.constantFrom('', '/', `${h.root}/`, `${h.base}/`),
      fc.array(segment, { minLength: 1, maxLength: 6 }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(spelling, async ([prefix, segments]) => {
        const input = `${prefix}${segments.join('/')}/f${run++}.txt`;
        const outcome = await h.call('fs_write_file', { path: input, content: 'x', createParents: true });
        if (outcome.status === 'completed') {
          const written = structured(outcome)['path'];
          expect(typeof written === 'string' && written.startsWith(`${h.root}/`)).toBe(true);
        } else {
          expect(outcome).toMatchObject({ status: 'failed', invoked: false });
        }
        expect(readdirSync(h.outside)).toStrictEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('line index', () => {
  it('has one start per line, each just after a line break', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '\n', '\r', 'é'), maxLength: 200 }), (text) => {
        const starts = Array.from(indexLines(text));
        expect(starts).toHaveLength(countLines(text));
        expect(starts.every((start, index) => (index === 0 ? start === 0 : text[start - 1] === '\n'))).toBe(true);
        expect(starts.slice(1).every((start, index) => text.indexOf('\n', starts[index] as number) === start - 1)).toBe(
          true,
        );
      }),
      { numRuns: 500 },
    );
  });
});
