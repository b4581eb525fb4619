import type { SearchPattern } from './compileSearchPattern.js';

/** One matching line: 1-based number and text (line break and trailing `\r` removed). */
export interface LineMatch {
  readonly line: number;
  readonly text: string;
}

/** Characters of a line a pattern is tested against; the rest of a longer line is not searched. */
export const MAX_SEARCHED_LINE_CHARS = 65_536;

function lineText(text: string, start: number, end: number): string {
  const stop = Math.min(
    end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end,
    start + MAX_SEARCHED_LINE_CHARS,
  );
  return text.slice(start, stop);
}

/**
 * A pattern every matching line of which holds `required`: `indexOf` finds the candidate lines,
 * each is checked within its searched part (by `includes` for a plain pattern, else by the engine).
 */
function searchCandidates(text: string, pattern: SearchPattern, required: string, limit: number): LineMatch[] {
  const matches: LineMatch[] = [];
  const { plain } = pattern;
  let lineNumber = 1;
  let counted = 0;
  for (let at = text.indexOf(required); at !== -1 && matches.length < limit;) {
    const start = at === 0 ? 0 : text.lastIndexOf('\n', at - 1) + 1;
    const found = text.indexOf('\n', at);
    const end = found === -1 ? text.length : found;
    for (
      let newline = text.indexOf('\n', counted);
      newline !== -1 && newline < start;
      newline = text.indexOf('\n', newline + 1)
    )
      lineNumber++;
    counted = start;
    const candidate = lineText(text, start, end);
    if (plain === undefined ? pattern.line.test(candidate) : candidate.includes(plain))
      matches.push({ line: lineNumber, text: candidate });
    if (found === -1) break;
    at = text.indexOf(required, end + 1);
  }
  return matches;
}

/**
 * Whether a single test of the whole text can rule out every line: always, unless the pattern
 * looks at line ends and some line ends elsewhere than at a `\n` (a `\r` before it, or the cut
 * of a line longer than the searched part, which only a text that long can have).
 */
function canRuleOutText(text: string, pattern: SearchPattern): boolean {
  return !pattern.lineEndSensitive || (text.length <= MAX_SEARCHED_LINE_CHARS && !text.includes('\r'));
}

/** Every line of `text` that matches, at most `limit`, in order. */
export function searchText(text: string, pattern: SearchPattern, limit: number): LineMatch[] {
  if (pattern.required !== undefined) return searchCandidates(text, pattern, pattern.required, limit);
  const matches: LineMatch[] = [];
  // One pass of the engine over the text rules out most files; only the others are split in lines.
  if (pattern.text !== undefined && canRuleOutText(text, pattern) && !pattern.text.test(text)) return matches;
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
