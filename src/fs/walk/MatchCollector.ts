import type { JsonObject } from '../../index.js';
import { decodeFileContent } from '../content/decodeFileContent.js';
import type { SearchPattern } from './compileSearchPattern.js';
import { scanText } from './searchText.js';

/** One match of `fs_grep`, built once, as the result holds it. */
interface FileMatch extends JsonObject {
  readonly path: string;
  readonly line: number;
  readonly text: string;
}

/** The characters `[start, end)` of a file's text. */
type Slice = (start: number, end: number) => string;

/** The line `[start, stop)`, cut to `max` characters. */
function cut(slice: Slice, start: number, stop: number, max: number): string {
  return stop - start <= max
    ? slice(start, stop)
    : `${slice(start, start + max)} [... ${stop - start - max} more characters]`;
}

function hasUtf16Bom(bytes: Buffer): boolean {
  return bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
}

/**
 * The matches of one `fs_grep` call, collected file by file in the order the files come, up to
 * `limit`: binary and empty files are skipped, long lines cut to `maxLineChars`.
 */
export class MatchCollector {
  public readonly matches: FileMatch[] = [];

  public constructor(
    private readonly pattern: SearchPattern,
    private readonly limit: number,
    private readonly maxLineChars: number,
  ) {}

  public get full(): boolean {
    return this.matches.length >= this.limit;
  }

  /** The `fs_grep` result: the first `limit` matches; truncated when there were more (collect `limit + 1`). */
  public toResult(limit: number, walkTruncated: boolean): JsonObject {
    const matches = this.matches.length > limit ? this.matches.slice(0, limit) : this.matches;
    return { matches, truncated: walkTruncated || this.matches.length > limit };
  }

  /** Searches the bytes of `path` (decoded before this returns: `bytes` may be a reused buffer). */
  public add(path: string, bytes: Buffer): void {
    if (bytes.length === 0 || this.full) return;
    const { literal } = this.pattern;
    if (literal !== undefined && bytes.indexOf(literal) === -1 && !hasUtf16Bom(bytes)) return;
    const content = decodeFileContent(bytes);
    if (content.kind !== 'text') return;
    const { text } = content;
    const { matches, maxLineChars } = this;
    // A text as long as its bytes has one character per byte (ASCII, or Latin-1): each line is
    // copied out of the bytes, so no match keeps the whole text alive (a slice of it would).
    const slice: Slice =
      text.length === bytes.length
        ? (start, end) => bytes.toString('latin1', start, end)
        : (start, end) => text.slice(start, end);
    scanText(text, this.pattern, this.limit - matches.length, (line, start, stop) => {
      matches.push({ path, line, text: cut(slice, start, stop, maxLineChars) });
    });
  }
}
