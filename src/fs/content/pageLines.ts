/** One page of a text, as `fs_read_file` returns it. */
export interface TextPage {
  /** Exactly the requested lines, each with its line break (long lines cut, see `cutLines`). */
  readonly text: string;
  readonly totalLines: number;
  /** Lines in this page. */
  readonly lineCount: number;
  /** The 1-based line to continue from, when lines remain after this page. */
  readonly nextOffset?: number;
  /** 1-based numbers of the lines cut to `maxLineChars`. */
  readonly cutLines: readonly number[];
}

export interface PageOptions {
  /** 1-based first line. */
  readonly offset: number;
  readonly limit: number;
  readonly maxLineChars: number;
  /** Characters of the page at most; it ends at the last whole line that fits (at least one line). */
  readonly maxChars: number;
}

/** Lines in `text`: line breaks, plus one for a last line without a break. */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return text.endsWith('\n') ? count : count + 1;
}

const LF = 10;

function cutLine(line: string, max: number): string {
  return `${line.slice(0, max)} [... ${line.length - max} more characters on this line]`;
}

/** Where every line of `text` (LF line breaks) starts: one entry per line, as `countLines` counts them. */
export function indexLines(text: string): Uint32Array {
  if (text.length === 0) return new Uint32Array(0);
  // One pass: a line per 64 characters to begin with, doubled when full.
  let starts = new Uint32Array(Math.max(16, Math.ceil(text.length / 64)));
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at + 1 < text.length; at = text.indexOf('\n', at + 1)) {
    if (count === starts.length) {
      const grown = new Uint32Array(starts.length * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[count++] = at + 1;
  }
  return starts.subarray(0, count);
}

/**
 * The lines `offset .. offset + limit - 1` of `text` (LF line breaks), bounded by `maxChars`.
 * With the line index (built here unless given: a cached text pages without rescanning), only
 * the page's own lines are looked at; the page is one slice unless a line in it has to be cut.
 */
export function pageLines(text: string, options: PageOptions, lineStarts: Uint32Array = indexLines(text)): TextPage {
  const { offset, limit, maxLineChars, maxChars } = options;
  const totalLines = lineStarts.length;
  const cutLines: number[] = [];
  let pageStart = 0;
  let pageEnd = 0;
  let size = 0;
  let lineCount = 0;
  for (let index = Math.max(offset, 1) - 1; index < totalLines && lineCount < limit; index++) {
    const start = lineStarts[index] as number;
    const end = index + 1 < totalLines ? (lineStarts[index + 1] as number) : text.length;
    const stop = end > start && text.charCodeAt(end - 1) === LF ? end - 1 : end;
    const cut = stop - start > maxLineChars;
    const pieceLength = cut ? cutLine(text.slice(start, stop), maxLineChars).length + (end - stop) : end - start;
    if (lineCount > 0 && size + pieceLength > maxChars) break;
    if (lineCount === 0) pageStart = start;
    pageEnd = end;
    size += pieceLength;
    lineCount++;
    if (cut) cutLines.push(index + 1);
  }
  const next = offset + lineCount;
  return {
    text:
      cutLines.length === 0
        ? text.slice(pageStart, pageEnd)
        : buildCutPage(text.slice(pageStart, pageEnd), maxLineChars),
    totalLines,
    lineCount,
    ...(next <= totalLines ? { nextOffset: next } : {}),
    cutLines,
  };
}

function buildCutPage(page: string, maxLineChars: number): string {
  return page
    .split('\n')
    .map((line) => (line.length > maxLineChars ? cutLine(line, maxLineChars) : line))
    .join('\n');
}
