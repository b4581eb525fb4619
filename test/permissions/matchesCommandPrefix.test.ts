import { describe, expect, it } from '@jest/globals';
import { matchesCommandPrefix } from '../../src/permissions/CompiledPolicyRule.js';

describe(matchesCommandPrefix.name, () => {
  it.each([
    [['git', 'status'], ['git', 'status'], true],
    [['git', 'status'], ['git', 'status', '-s'], true],
    [['git', 'status'], ['git', 'statusx'], false],
    [['git', 'status'], ['git'], false],
    [['git'], ['gitk'], false],
    [[], ['git'], false],
    [['git'], [], false],
  ])('matches prefix %j against %j: %j', (prefix, words, expected) => {
    expect(matchesCommandPrefix(prefix, words)).toBe(expected);
  });
});
