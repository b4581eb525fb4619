/**
 * How a text's lines end: `lf`, `crlf` (every line break is CRLF), `mixed` (both: kept as
 * they are, `\r` visible), or `none` (a single line).
 */
export type LineEnding = 'lf' | 'crlf' | 'mixed' | 'none';

/** The line ending style of `text`. */
export function detectLineEnding(text: string): LineEnding {
  if (!text.includes('\r')) return text.includes('\n') ? 'lf' : 'none';
  let breaks = 0;
  let crlf = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    breaks++;
    if (at > 0 && text.charCodeAt(at - 1) === 13) crlf++;
  }
  if (breaks === 0) return 'none';
  if (crlf === 0) return 'lf';
  return crlf === breaks ? 'crlf' : 'mixed';
}

/** `text` as the tools show it: CRLF files with LF line breaks, anything else unchanged. */
export function toDisplayText(text: string, ending: LineEnding): string {
  return ending === 'crlf' ? text.replaceAll('\r\n', '\n') : text;
}

/** The inverse of {@link toDisplayText}: LF line breaks back to CRLF for CRLF files. */
export function fromDisplayText(text: string, ending: LineEnding): string {
  return ending === 'crlf' ? text.replaceAll('\n', '\r\n') : text;
}
