/**
 * The first `length` UTF-16 units of `text`, or one fewer when the last of them would be the
 * high half of a surrogate pair: a cut never leaves a lone surrogate (which becomes U+FFFD, or
 * fails, once encoded). `length` at or past the text's length gives the whole text.
 * @internal
 */
export function headOfText(text: string, length: number): string {
  if (length >= text.length) return text;
  if (length <= 0) return '';
  const last = text.charCodeAt(length - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? length - 1 : length);
}
