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

/** The lines `offset .. offset + limit - 1` of `text` (LF line breaks), bounded by `maxChars`. */
export function pageLines(text: string, options: PageOptions): TextPage {
  const totalLines = countLines(text);
  let position = 0;
  for (let line = 1; line < options.offset && position < text.length; line++) {
    const end = text.indexOf('\n', position);
    position = end === -1 ? text.length : end + 1;
  }
  const pieces: string[] = [];
  const cutLines: number[] = [];
  let size = 0;
  let lineCount = 0;
  while (lineCount < options.limit && position < text.length) {
    const end = text.indexOf('\n', position);
    const stop = end === -1 ? text.length : end;
    let line = text.slice(position, stop);
    if (line.length > options.maxLineChars) {
      line = `${line.slice(0, options.maxLineChars)} [... ${line.length - options.maxLineChars} more characters on this line]`;
      cutLines.push(options.offset + lineCount);
    }
    const piece = end === -1 ? line : `${line}\n`;
    if (lineCount > 0 && size + piece.length > options.maxChars) {
      if (cutLines.at(-1) === options.offset + lineCount) cutLines.pop();
      break;
    }
    pieces.push(piece);
    size += piece.length;
    lineCount++;
    position = stop + 1;
  }
  const next = options.offset + lineCount;
  return {
    text: pieces.join(''),
    totalLines,
    lineCount,
    ...(next <= totalLines ? { nextOffset: next } : {}),
    cutLines,
  };
}
