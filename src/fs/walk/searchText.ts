import type { SearchPattern } from './buildSearchPattern.js';

/** One matching line: 1-based number and text (line break and trailing `\r` removed). */
export interface LineMatch {
  readonly line: number;
  readonly text: string;
}

/**
 * Told of each matching line: its 1-based number and where its searched part lies in the text
 * (`text.slice(start, stop)`: no line break, no trailing `\r`, at most
 * {@link MAX_SEARCHED_LINE_CHARS} characters).
 */
export type LineFound = (line: number, start: number, stop: number) => void;

/** Characters of a line a pattern is tested against; the rest of a longer line is not searched. */
export const MAX_SEARCHED_LINE_CHARS = 65_536;

/** Where the searched part of the line `[start, end)` stops: before a trailing `\r`, and at most {@link MAX_SEARCHED_LINE_CHARS} on. */
function searchedEnd(text: string, start: number, end: number): number {
  return Math.min(end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end, start + MAX_SEARCHED_LINE_CHARS);
}

/**
 * A pattern every matching line of which holds `required`: `indexOf` finds the candidate lines,
 * and only they are checked. A plain pattern matches where its first occurrence in the line
 * (the one found) ends within the searched part: no later one can end sooner. Other patterns are
 * tested by the engine against the searched part.
 */
function scanCandidates(text: string, pattern: SearchPattern, required: string, limit: number, found: LineFound): void {
  const isPlain = pattern.plain !== undefined;
  let matches = 0;
  let lineNumber = 1;
  let lineStart = 0;
  // The line break ending the line at `lineStart` (-1: the last line).
  let newline = text.indexOf('\n');
  for (let at = text.indexOf(required); at !== -1 && matches < limit;) {
    while (newline !== -1 && newline < at) {
      lineStart = newline + 1;
      lineNumber++;
      newline = text.indexOf('\n', lineStart);
    }
    const end = newline === -1 ? text.length : newline;
    const stop = searchedEnd(text, lineStart, end);
    if (isPlain ? at + required.length <= stop : pattern.line.test(text.slice(lineStart, stop))) {
      found(lineNumber, lineStart, stop);
      matches++;
    }
    if (newline === -1) break;
    at = text.indexOf(required, end + 1);
  }
}

/**
 * Whether a single test of the whole text can rule out every line: always, unless the pattern
 * looks at line ends and some line ends elsewhere than at a `\n` (a `\r` before it, or the cut
 * of a line longer than the searched part, which only a text that long can have).
 */
function canRuleOutText(text: string, pattern: SearchPattern): boolean {
  return !pattern.lineEndSensitive || (text.length <= MAX_SEARCHED_LINE_CHARS && !text.includes('\r'));
}

/**
 * Every line of `text` that matches, at most `limit`, in order, told to `found` by position (the
 * caller takes the text it needs: {@link searchText} slices it).
 */
export function scanText(text: string, pattern: SearchPattern, limit: number, found: LineFound): void {
  if (pattern.required !== undefined) {
    scanCandidates(text, pattern, pattern.required, limit, found);
    return;
  }
  // One pass of the engine over the text rules out most files; only the others are split in lines.
  if (pattern.text !== undefined && canRuleOutText(text, pattern) && !pattern.text.test(text)) return;
  let matches = 0;
  let lineNumber = 1;
  for (let start = 0; start < text.length && matches < limit; lineNumber++) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const stop = searchedEnd(text, start, end);
    if (pattern.line.test(text.slice(start, stop))) {
      found(lineNumber, start, stop);
      matches++;
    }
    start = end + 1;
  }
}

/** Every line of `text` that matches, at most `limit`, in order. */
export function searchText(text: string, pattern: SearchPattern, limit: number): LineMatch[] {
  const matches: LineMatch[] = [];
  scanText(text, pattern, limit, (line, start, stop) => {
    matches.push({ line, text: text.slice(start, stop) });
  });
  return matches;
}
