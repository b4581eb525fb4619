/**
 * Whether a rule kind applies to a request kind: equal, or the rule kind ends in `*` and the
 * request kind starts with what precedes it (`fs.*` covers `fs.write`, `*` covers everything).
 */
export function matchesKind(ruleKind: string, kind: string): boolean {
  if (ruleKind.endsWith('*')) {
    return kind.startsWith(ruleKind.slice(0, -1));
  }
  return ruleKind === kind;
}
