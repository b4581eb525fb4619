/**
 * Control characters (other than tab and newline) and Unicode blanks: bash takes them as
 * ordinary word characters (a carriage return, a vertical tab, a no-break space), while the
 * parser may take them as blanks, so the two could split words, comments and heredoc
 * delimiter lines differently. Zero-width characters are here too: they hide text from the
 * person approving it.
 */
const AMBIGUOUS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]/u;

/** Whether a command line holds characters bash and the parser may not read alike. */
export function hasAmbiguousCharacters(text: string): boolean {
  return AMBIGUOUS.test(text);
}
