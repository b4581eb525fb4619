import type { SearchPattern } from './compileSearchPattern.js';

/** One matching line: 1-based number and text (line break and trailing `\r` removed). */
export interface LineMatch {
  readonly line: number;
  readonly text: string;
}

/** Characters of a line a pattern is tested against; the rest of a longer line is not searched. */
export const MAX_SEARCHED_LINE_CHARS = 65_536;

function lineText(text: string, start: number, end: number): string {
  const stop = Math.min(end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end, start + MAX_SEARCHED_LINE_CHARS);
  return text.slice(start, stop);
}

/** Every line of `text` that matches, at most `limit`, in order. */
export function searchText(text: string, pattern: SearchPattern, limit: number): LineMatch[] {
  const matches: LineMatch[] = [];
  const { scan } = pattern;
  if (scan === undefined) {
    let lineNumber = 1;
    for (let start = 0; start < text.length && matches.length < limit; lineNumber++) {
      const found = text.indexOf('\n', start);
      const end = found === -1 ? text.length : found;
      const candidate = lineText(text, start, end);
      if (pattern.line.test(candidate)) matches.push({ line: lineNumber, text: candidate });
      start = end + 1;
    }
    return matches;
  }
  scan.lastIndex = 0;
  let counted = 0;
  let lineNumber = 1;
  while (matches.length < limit) {
    const hit = scan.exec(text);
    if (hit === null) break;
    const start = hit.index === 0 ? 0 : text.lastIndexOf('\n', hit.index - 1) + 1;
    const found = text.indexOf('\n', hit.index);
    const end = found === -1 ? text.length : found;
    for (let at = text.indexOf('\n', counted); at !== -1 && at < start; at = text.indexOf('\n', at + 1)) lineNumber++;
    counted = start;
    const candidate = lineText(text, start, end);
    if (pattern.line.test(candidate)) matches.push({ line: lineNumber, text: candidate });
    if (found === -1) break;
    scan.lastIndex = end + 1;
  }
  return matches;
}
