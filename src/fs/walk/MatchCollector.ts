import type { JsonObject } from '../../index.js';
import { decodeFileContent } from '../content/decodeFileContent.js';
import type { SearchPattern } from './compileSearchPattern.js';
import { searchText } from './searchText.js';

/** One match of `fs_grep`, built once, as the result holds it. */
interface FileMatch extends JsonObject {
  readonly path: string;
  readonly line: number;
  readonly text: string;
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)} [... ${text.length - max} more characters]`;
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
    for (const match of searchText(content.text, this.pattern, this.limit - this.matches.length)) {
      this.matches.push({ path, line: match.line, text: cut(match.text, this.maxLineChars) });
    }
  }
}
