const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/u;

/** A word as bash would need it written: unchanged when safe, else single-quoted. */
export function quoteShellWord(word: string): string {
  return SAFE.test(word) ? word : `'${word.replace(/'/gu, `'\\''`)}'`;
}
