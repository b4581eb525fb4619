/** Line terminators, other control characters and the byte-order mark: none may reach a comment. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/gu;

/**
 * Text from a schema or a spec made safe for one comment line: control characters and line
 * terminators become spaces (a `//` comment cannot end early), whitespace runs collapse, every
 * `*\/` becomes `*\\/` (a block comment cannot be closed), and text past `maxChars` is cut with `…`.
 * @param text - untrusted text (a description, a title).
 * @param maxChars - the longest result, `…` included.
 * @returns the cleaned text, possibly empty.
 */
export function cleanCommentText(text: string, maxChars = Number.POSITIVE_INFINITY): string {
  const collapsed = text.replace(UNSAFE_CHARACTERS, ' ').replace(/\s+/gu, ' ').trim();
  const cut = collapsed.length > maxChars ? `${collapsed.slice(0, Math.max(0, maxChars - 1)).trimEnd()}…` : collapsed;
  // Escaped after the cut, so the cut cannot split an escape; `*/` and `*\/` differ by one character.
  return cut.replace(/\*\//gu, '*\\/');
}

/**
 * A one-line JSDoc block (`/** text *\/`) for untrusted text, or `''` when nothing is left of it
 * after {@link cleanCommentText}.
 * @param lines - the parts, each cleaned and joined with spaces (a description, then `@default ...`).
 * @param maxChars - the longest cleaned description part.
 */
export function renderDocComment(lines: readonly string[], maxChars = Number.POSITIVE_INFINITY): string {
  const text = lines
    .map((line) => cleanCommentText(line, maxChars))
    .filter((line) => line !== '')
    .join(' ');
  return text === '' ? '' : `/** ${text} */`;
}
