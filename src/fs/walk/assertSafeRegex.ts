import { buildFsError } from '../buildFsError.js';

/** True when the text at `index` starts an unbounded quantifier: `*`, `+` or `{n,}`. */
function isUnboundedQuantifier(pattern: string, index: number): boolean {
  const char = pattern[index];
  if (char === '*' || char === '+') return true;
  return char === '{' && /^\{\d+,\}/.test(pattern.slice(index));
}

/**
 * Refuses patterns with an unbounded quantifier applied to a group that itself contains one
 * (`(a+)+`, `(\w*\s?)*`, `(.*x)+`): the classic shape of catastrophic backtracking, which no
 * timeout can interrupt because a regular expression runs synchronously.
 */
export function assertSafeRegex(pattern: string): void {
  const groups: boolean[] = [false];
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === '\\') {
      index++;
    } else if (char === '[') {
      for (index++; index < pattern.length && pattern[index] !== ']'; index++) if (pattern[index] === '\\') index++;
    } else if (char === '(') {
      groups.push(false);
    } else if (char === ')' && groups.length > 1) {
      const inner = groups.pop() as boolean;
      const quantified = isUnboundedQuantifier(pattern, index + 1);
      if (inner && quantified) {
        throw buildFsError(
          'invalid_input',
          'unsafe_pattern',
          `The pattern ${JSON.stringify(pattern)} repeats a group that itself repeats (like "(a+)+"), which can take exponential time. Simplify it, e.g. "(ab)+" or "a+".`,
          { pattern },
        );
      }
      groups[groups.length - 1] = (groups.at(-1) as boolean) || inner || quantified;
    } else if (isUnboundedQuantifier(pattern, index)) {
      groups[groups.length - 1] = true;
    }
  }
}
