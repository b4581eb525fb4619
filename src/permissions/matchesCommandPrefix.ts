/**
 * Whether a command (as words) starts with a prefix (as words), on word boundaries:
 * `git status` matches `git status` and `git status -s`, never `git statusx`.
 * An empty prefix matches nothing.
 */
export function matchesCommandPrefix(prefixWords: readonly string[], commandWords: readonly string[]): boolean {
  if (prefixWords.length === 0 || prefixWords.length > commandWords.length) {
    return false;
  }
  return prefixWords.every((word, index) => commandWords[index] === word);
}
