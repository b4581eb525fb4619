/** Non-overlapping occurrences of `search` in `text`, left to right (`search` is not empty). */
export function countOccurrences(text: string, search: string): number {
  let count = 0;
  for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + search.length)) count++;
  return count;
}

/**
 * Every non-overlapping occurrence of `search` replaced by `replacement`, literally: `$&`,
 * `$1` and `$$` in the replacement stay as they are (a function replacer is never interpreted).
 */
export function replaceLiteral(text: string, search: string, replacement: string): string {
  return text.replaceAll(search, () => replacement);
}
