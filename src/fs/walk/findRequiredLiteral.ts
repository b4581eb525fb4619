/** Characters that are syntax in a regular expression outside a class. */
const SYNTAX = new Set(['\\', '^', '$', '.', '|', '?', '*', '+', '(', ')', '[', ']', '{', '}']);
/** Quantifiers that let the atom before them be absent (`+` keeps it: it breaks the run after it). */
const OPTIONAL = new Set(['?', '*', '{']);
/** Inline flags (`(?i)` can make the rest case-insensitive) and RE2's quoted text (`\Q...\E`): no literal is read. */
const UNREAD = /\(\?[-imsU]|\\Q/u;
const REPEAT = /\{[0-9]+(?:,[0-9]*)?\}/uy;
const ESCAPE_TAIL =
  /(?:c[A-Za-z]|[pP](?:\{[^}]*\}|[A-Za-z])|x[0-9A-Fa-f]{0,2}|u(?:\{[^}]*\}|[0-9A-Fa-f]{0,4})|[0-9]+|[^])/uy;

/**
 * The index after the class opening at `index` (`[...]`); -1 when it has no end, or holds a `[`
 * (RE2's `[[:alpha:]ab]` is one class, which a first `]` would not end).
 */
function skipClass(pattern: string, index: number): number {
  let at = index + 1;
  // A `]` right after `[` or `[^` is a literal (RE2 syntax), not the end of the class.
  if (pattern[at] === '^') at++;
  if (pattern[at] === ']') at++;
  for (; at < pattern.length; at++) {
    if (pattern[at] === '\\') at++;
    else if (pattern[at] === '[') return -1;
    else if (pattern[at] === ']') return at + 1;
  }
  return -1;
}

/** The index after the group opening at `index` (`(...)`, classes and escapes inside skipped); -1 when it has no end. */
function skipGroup(pattern: string, index: number): number {
  let depth = 0;
  for (let at = index; at < pattern.length; at++) {
    const char = pattern[at];
    if (char === '\\') at++;
    else if (char === '[') {
      at = skipClass(pattern, at) - 1;
      if (at < 0) return -1;
    } else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return at + 1;
  }
  return -1;
}

/**
 * The longest run of printable ASCII characters that every match of the case-sensitive
 * regular expression `pattern` contains as it is, or `undefined`: read from the pattern's
 * top-level sequence only (a top-level `|` gives none; groups, classes, escapes and
 * quantified characters end a run), so it may miss one but never names text a match can lack.
 * Lines without it need no test by the engine.
 */
export function findRequiredLiteral(pattern: string): string | undefined {
  if (UNREAD.test(pattern)) return undefined;
  let best = '';
  let run = '';
  const endRun = (): void => {
    if (run.length > best.length) best = run;
    run = '';
  };
  for (let index = 0; index < pattern.length;) {
    const char = pattern[index] as string;
    if (char === '|') return undefined;
    if (char === '(' || char === '[') {
      endRun();
      index = char === '(' ? skipGroup(pattern, index) : skipClass(pattern, index);
      if (index === -1) return undefined;
    } else if (char === '\\') {
      // An escape (`\x41`, `\u{1F600}`, `\p{L}`, `\cJ`, `\.`) is no literal character of the run.
      endRun();
      ESCAPE_TAIL.lastIndex = index + 1;
      index += 1 + (ESCAPE_TAIL.exec(pattern)?.[0].length ?? 1);
    } else if (char === '{') {
      // A repeat's bounds (`{2,3}`) are skipped; a brace that starts none is a literal that ends the run.
      endRun();
      REPEAT.lastIndex = index;
      index += REPEAT.exec(pattern)?.[0].length ?? 1;
    } else if (SYNTAX.has(char) || char < ' ' || char > '~') {
      endRun();
      index++;
    } else if (OPTIONAL.has(pattern[index + 1] ?? '')) {
      // `a?`, `a*`, `a{0,2}`: the character may be absent.
      endRun();
      index++;
    } else {
      run += char;
      index++;
      // `a+`: `a` is there at least once, but what follows need not come right after it.
      if (pattern[index] === '+') endRun();
    }
  }
  endRun();
  return best === '' ? undefined : best;
}
