import { decodeFileContent } from '../content/decodeFileContent.js';
import type { SearchPattern } from './buildSearchPattern.js';
import { scanText } from './searchText.js';

/** Told of each matching line of a file: its 1-based number and its text, cut to the line limit. */
export type FileLineFound = (line: number, text: string) => void;

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
 * The search of one file's bytes for `fs_grep` (on the main thread and in the search workers
 * alike): empty and binary files have no match; a file without the pattern's literal bytes (and
 * without a UTF-16 BOM) is ruled out undecoded; otherwise the decoded text is searched and each
 * matching line, at most `limit`, told to `found` in order, cut to `maxLineChars`. Synchronous:
 * `bytes` may be a reused buffer.
 */
export function searchFileBytes(
  bytes: Buffer,
  pattern: SearchPattern,
  limit: number,
  maxLineChars: number,
  found: FileLineFound,
): void {
  if (bytes.length === 0 || limit <= 0) return;
  const { literal } = pattern;
  if (literal !== undefined && bytes.indexOf(literal) === -1 && !hasUtf16Bom(bytes)) return;
  const content = decodeFileContent(bytes);
  if (content.kind !== 'text') return;
  const { text } = content;
  // A text as long as its bytes has one character per byte (ASCII, or Latin-1): each line is
  // copied out of the bytes, so no match keeps the whole text alive (a slice of it would).
  const slice: Slice =
    text.length === bytes.length
      ? (start, end) => bytes.toString('latin1', start, end)
      : (start, end) => text.slice(start, end);
  scanText(text, pattern, limit, (line, start, stop) => {
    found(line, cut(slice, start, stop, maxLineChars));
  });
}
