/**
 * Control characters (other than tab and newline) and Unicode blanks: bash takes them as
 * ordinary word characters (a carriage return, a vertical tab, a no-break space), while the
 * parser may take them as blanks, so the two could split words, comments and heredoc
 * delimiter lines differently. Zero-width characters are here too: they hide text from the
 * person approving it.
 */
/* eslint-disable no-control-regex -- control characters are what it looks for (a block: the line breaks where the formatter puts them) */
const AMBIGUOUS_CHARACTERS =
  /[\x00-\x08\x0b-\x1f\x7f-\x9f\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]/u;
/* eslint-enable no-control-regex */
/**
 * A line continuation inside a word (`a\<newline>b`): bash joins the halves into one word, the
 * parser may split them. A continuation after a blank (`git \<newline>  status`) is fine.
 */
const CONTINUATION_IN_WORD = /[^ \t\n]\\\n/u;
/**
 * An escaped blank (`git \  status` has the word " " to bash; `$x\<tab>y` is one word): the
 * parser may skip it as a blank and split the word there. Quote such words instead.
 */
const ESCAPED_BLANK = /\\[ \t]/u;

/**
 * Whether a command line holds text that bash and the parser may not read alike.
 * `quoted` are the `[start, end)` ranges of single-quoted strings: a backslash means nothing
 * inside them (`'\ '` is a backslash and a blank to both), so the escape checks skip them;
 * the character check does not (a hidden character misleads the person approving, quoted or not).
 */
export function hasAmbiguousText(text: string, quoted: readonly (readonly [number, number])[] = []): boolean {
  if (AMBIGUOUS_CHARACTERS.test(text)) return true;
  let unquoted = text;
  for (const [start, end] of quoted)
    unquoted = unquoted.slice(0, start) + 'x'.repeat(end - start) + unquoted.slice(end);
  return CONTINUATION_IN_WORD.test(unquoted) || ESCAPED_BLANK.test(unquoted);
}
