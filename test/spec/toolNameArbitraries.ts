import fc from 'fast-check';

const LOWER_ALNUM = Array.from('abcdefghijklmnopqrstuvwxyz0123456789');

/** One run of the grammar: `[a-z0-9]+`. */
export const runArbitrary = fc.string({ unit: fc.constantFrom(...LOWER_ALNUM), minLength: 1, maxLength: 12 });

/** One separator of the grammar. */
export const separatorArbitrary = fc.constantFrom('.', '_', '-');

/** Any string the grammar `[a-z0-9]+([._-][a-z0-9]+)*` produces, of any length. */
export const grammarStringArbitrary = fc
  .tuple(runArbitrary, fc.array(fc.tuple(separatorArbitrary, runArbitrary), { maxLength: 12 }))
  .map(([head, rest]) => head + rest.map(([separator, run]) => separator + run).join(''));

/** Grammar strings within the 64-character limit: valid tool names. */
export const validToolNameArbitrary = grammarStringArbitrary.filter((name) => name.length <= 64);

/**
 * Near misses and noise: strings over the name alphabet plus characters the rule forbids
 * (uppercase, space, unicode, other punctuation), so both sides of the rule are exercised.
 */
export const candidateArbitrary = fc.oneof(
  validToolNameArbitrary,
  grammarStringArbitrary,
  fc.string({
    unit: fc.constantFrom(...LOWER_ALNUM.slice(0, 6), '0', '9', '.', '_', '-', 'A', 'Z', ' ', 'é', '/', ':', '\n'),
    maxLength: 70,
  }),
  fc.string({ maxLength: 70 }),
);

/** An independent statement of the rule, for comparison. */
export function isValidByReference(value: string): boolean {
  return value.length >= 1 && value.length <= 64 && /^[a-z0-9]+([._-][a-z0-9]+)*$/.test(value);
}
