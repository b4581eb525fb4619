import type { JsonObject } from '../../index.js';
import type { SearchPattern } from './buildSearchPattern.js';
import { searchFileBytes } from './searchFileBytes.js';

/** One match of `fs_grep`, built once, as the result holds it. */
interface FileMatch extends JsonObject {
  readonly path: string;
  readonly line: number;
  readonly text: string;
}

/**
 * The matches of one `fs_grep` call, collected file by file in the order the files come, up to
 * `limit`: binary and empty files are skipped, long lines cut to `maxLineChars`.
 */
export class MatchCollector {
  public readonly matches: FileMatch[] = [];

  public constructor(
    public readonly pattern: SearchPattern,
    public readonly limit: number,
    public readonly maxLineChars: number,
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
    const { matches } = this;
    searchFileBytes(bytes, this.pattern, this.limit - matches.length, this.maxLineChars, (line, text) => {
      matches.push({ path, line, text });
    });
  }

  /**
   * Adds the matching lines of `path` another thread found by {@link searchFileBytes} with this
   * collector's pattern and limits (`[line, text, line, text, ...]`), as far as the limit allows.
   */
  public addFound(path: string, found: readonly (number | string)[]): void {
    const { matches } = this;
    for (let index = 0; index + 1 < found.length && matches.length < this.limit; index += 2) {
      matches.push({ path, line: found[index] as number, text: found[index + 1] as string });
    }
  }
}
