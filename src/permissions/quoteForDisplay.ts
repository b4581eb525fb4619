/**
 * How many characters of a command, path or pattern a reason or summary shows by default.
 * @internal
 */
export const MAX_DISPLAY_LENGTH = 200;

const COUNT = new Intl.NumberFormat('en-US');

/**
 * `text` as a JSON string for a person to read. Text longer than `max` characters is shortened,
 * never silently: the quoted head is followed, outside the quotes (so the text itself cannot
 * fake it), by how many characters were left out: `"git status -- xx"… [1,234 more characters]`.
 * Whoever shows this must also carry the full text (a request's `target`).
 * @internal
 */
export function quoteForDisplay(text: string, max: number = MAX_DISPLAY_LENGTH): string {
  if (text.length <= max) return JSON.stringify(text);
  // Never split a surrogate pair: the head ends before a lone high surrogate.
  const code = text.charCodeAt(max - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
  return `${JSON.stringify(text.slice(0, end))}… [${COUNT.format(text.length - end)} more characters]`;
}
