import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import picomatch from 'picomatch';
import type { PermissionDecision } from '../../src/permissions/PermissionDecision.js';
import type { PermissionRequest } from '../../src/permissions/PermissionRequest.js';
import { PolicyPermissionChecker } from '../../src/permissions/PolicyPermissionChecker.js';
import type { PolicyEffect, PolicyRule } from '../../src/permissions/PolicyRule.js';
import { buildPolicyChecker } from './fixtures/buildPolicyChecker.js';
import { effectArbitrary, requestArbitrary, ruleArbitrary, rulesArbitrary } from './fixtures/policyArbitraries.js';
import { buildRequest } from './fixtures/TestPermissionRequest.js';

type DecisionType = PermissionDecision['type'];

/** Collapses whitespace runs; the reference's own take on command text. */
function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The reference's subjects: paths, normalized command lines, or the target. */
function referenceSubjects(request: PermissionRequest): { items: string[]; isCommand: boolean } {
  const target = request.target === undefined ? [] : [request.target];
  const metadata = request.metadata ?? {};
  if (request.kind.startsWith('fs.')) {
    const paths = (metadata['paths'] as string[] | undefined) ?? [];
    return { items: [...target, ...paths], isCommand: false };
  }
  if (request.kind === 'shell.exec') {
    const subcommands = (metadata['subcommands'] as (string | string[])[] | undefined) ?? [];
    const lines = subcommands.map((entry) => (typeof entry === 'string' ? normalize(entry) : entry.join(' ')));
    return { items: lines.length > 0 ? lines : target.map(normalize), isCommand: true };
  }
  return { items: target, isCommand: false };
}

/** A deliberately naive, independent reading of the policy contract. */
function decideByReference(
  rules: readonly PolicyRule[],
  fallback: PolicyEffect,
  request: PermissionRequest,
): DecisionType {
  const { items, isCommand } = referenceSubjects(request);
  const matches = (pattern: string, item: string): boolean => {
    if (!isCommand) {
      return picomatch(pattern, { dot: true })(item);
    }
    const prefix = normalize(pattern);
    return item === prefix || item.startsWith(`${prefix} `);
  };
  const names = (pattern: string, item: string): boolean =>
    isCommand ? normalize(pattern) === item : pattern === item && !/[*?[\]{}()!+@]/.test(pattern);
  const applicable = rules.filter((rule) =>
    rule.kind.endsWith('*') ? request.kind.startsWith(rule.kind.slice(0, -1)) : rule.kind === request.kind,
  );
  const hits = (effect: PolicyEffect): boolean =>
    applicable.some(({ effect: ruleEffect, pattern }) => {
      if (ruleEffect !== effect) {
        return false;
      }
      return pattern === undefined || items.some((item) => matches(pattern, item));
    });
  if (hits('deny')) {
    return 'deny';
  }
  if (hits('ask')) {
    return 'require_approval';
  }
  const allowRules = applicable.filter((rule) => rule.effect === 'allow');
  const coveredBy = (test: (pattern: string, item: string) => boolean): boolean =>
    items.length > 0 &&
    items.every((item) => allowRules.some((rule) => rule.pattern !== undefined && test(rule.pattern, item)));
  const allowed = allowRules.some((rule) => rule.pattern === undefined) || coveredBy(matches);
  const effect = allowed ? 'allow' : fallback;
  if (effect !== 'allow') {
    return effect === 'deny' ? 'deny' : 'require_approval';
  }
  const risks = (request.metadata?.['risks'] as string[] | undefined) ?? [];
  // Protected and hard-linked are facts about paths: they count for requests that name paths.
  const needsExactName =
    request.kind.startsWith('fs.') &&
    items.length > 0 &&
    (request.metadata?.['protected'] === true || request.metadata?.['hardLinked'] === true);
  if (risks.length > 0 || (needsExactName && !coveredBy(names))) {
    return 'require_approval';
  }
  return 'allow';
}

const RANK: Record<DecisionType, number> = { allow: 0, require_approval: 1, deny: 2 };

function evaluate(
  rules: readonly PolicyRule[],
  fallback: PolicyEffect,
  request: PermissionRequest,
): PermissionDecision {
  return buildPolicyChecker(rules, fallback).evaluate(request);
}

/** Rules that certainly match the request: without pattern, or naming one of its subjects. */
function matchingRuleArbitrary(effect: 'deny' | 'ask', request: PermissionRequest): fc.Arbitrary<PolicyRule> {
  const kinds = [request.kind, '*', `${request.kind.slice(0, 3)}*`];
  const { items, isCommand } = referenceSubjects(request);
  const patterns = items
    .filter((item) => item !== '')
    .map((item) => (isCommand ? item.split(' ').slice(0, 2).join(' ') : item));
  return fc.oneof(
    fc.constantFrom(...kinds).map((kind): PolicyRule => ({ effect, kind })),
    ...(patterns.length === 0
      ? []
      : [fc.constantFrom(...patterns).map((pattern): PolicyRule => ({ effect, kind: request.kind, pattern }))]),
  );
}

function insertAt<T>(items: readonly T[], item: T, position: number): T[] {
  const index = position % (items.length + 1);
  return [...items.slice(0, index), item, ...items.slice(index)];
}

type Scenario = [rules: PolicyRule[], fallback: PolicyEffect, request: PermissionRequest];

const scenarioArbitrary: fc.Arbitrary<Scenario> = fc.tuple(rulesArbitrary, effectArbitrary, requestArbitrary);

/** A random scenario plus something drawn from it (a shuffle, a rule that matches...). */
function scenarioWith<T>(draw: (scenario: Scenario) => fc.Arbitrary<T>): fc.Arbitrary<[Scenario, T]> {
  return scenarioArbitrary.chain((scenario) => fc.tuple(fc.constant(scenario), draw(scenario)));
}

describe(PolicyPermissionChecker.name, () => {
  describe('.evaluate', () => {
    it('gives the same decision, reason included, whatever the rule order', () => {
      fc.assert(
        fc.property(
          scenarioWith(([rules]) => fc.shuffledSubarray(rules, { minLength: rules.length })),
          ([[rules, fallback, request], shuffled]) => {
            expect(evaluate(shuffled, fallback, request)).toStrictEqual(evaluate(rules, fallback, request));
          },
        ),
        { numRuns: 300 },
      );
    });

    it('denies whenever a matching deny rule exists, wherever it sits', () => {
      fc.assert(
        fc.property(
          scenarioWith(([, , request]) => matchingRuleArbitrary('deny', request)),
          fc.nat(),
          ([[rules, fallback, request], deny], position) => {
            const decision = evaluate(insertAt(rules, deny, position), fallback, request);

            expect(decision.type === 'deny' ? decision.code : decision.type).toBe('policy_denied');
          },
        ),
        { numRuns: 300 },
      );
    });

    it('never changes a decision a deny or ask rule made by adding allow rules', () => {
      fc.assert(
        fc.property(
          scenarioWith(([, , request]) =>
            fc.constantFrom<'deny' | 'ask'>('deny', 'ask').chain((effect) => matchingRuleArbitrary(effect, request)),
          ),
          fc.array(ruleArbitrary(fc.constant<PolicyEffect>('allow')), { minLength: 1, maxLength: 4 }),
          ([[rules, fallback, request], decisive], allows) => {
            const before = evaluate([decisive, ...rules], fallback, request);

            expect(evaluate([...allows, decisive, ...rules], fallback, request)).toStrictEqual(before);
          },
        ),
        { numRuns: 300 },
      );
    });

    it('never makes a decision less strict by adding a deny rule', () => {
      fc.assert(
        fc.property(
          scenarioArbitrary,
          ruleArbitrary(fc.constant<PolicyEffect>('deny')),
          fc.nat(),
          ([rules, fallback, request], added, position) => {
            const before = evaluate(rules, fallback, request);
            const after = evaluate(insertAt(rules, added, position), fallback, request);

            expect(RANK[after.type]).toBeGreaterThanOrEqual(RANK[before.type]);
          },
        ),
        { numRuns: 300 },
      );
    });

    it('never turns a decision into allow by adding an ask rule', () => {
      fc.assert(
        fc.property(
          scenarioArbitrary,
          ruleArbitrary(fc.constant<PolicyEffect>('ask')),
          fc.nat(),
          ([rules, fallback, request], added, position) => {
            const before = evaluate(rules, fallback, request);
            const after = evaluate(insertAt(rules, added, position), fallback, request);

            expect(after.type !== 'allow' || before.type === 'allow').toBe(true);
          },
        ),
        { numRuns: 300 },
      );
    });

    it('never allows a request that carries risk flags', () => {
      fc.assert(
        fc.property(scenarioArbitrary, ([rules, fallback, request]) => {
          const metadata = { ...request.metadata, risks: ['substitution'] };
          const risky = buildRequest(request.kind, request.target, metadata);

          expect(evaluate(rules, fallback, risky).type).not.toBe('allow');
        }),
        { numRuns: 200 },
      );
    });

    it('agrees with a simple reference implementation', () => {
      fc.assert(
        fc.property(scenarioArbitrary, ([rules, fallback, request]) => {
          const decision = evaluate(rules, fallback, request);
          const expected = decideByReference(rules, fallback, request);

          const code = decision.type === 'deny' ? decision.code : undefined;

          expect({ type: decision.type, code }).toStrictEqual({
            type: expected,
            code: expected === 'deny' ? 'policy_denied' : undefined,
          });
        }),
        { numRuns: 1000 },
      );
    });

    it('matches a command prefix on word boundaries only, whatever the spacing', () => {
      const word = fc.stringMatching(/^[a-z0-9._-]{1,6}$/);
      fc.assert(
        fc.property(
          fc.array(word, { minLength: 1, maxLength: 3 }),
          fc.array(word, { maxLength: 3 }),
          word,
          fc.array(fc.constantFrom(' ', '  ', '\t'), { minLength: 1, maxLength: 3 }),
          (prefix, rest, suffix, gaps) => {
            const checker = buildPolicyChecker([{ effect: 'allow', kind: 'shell.exec', pattern: prefix.join(' ') }]);
            const spaced = [...prefix, ...rest].join(gaps[0] ?? ' ');
            const glued = [...prefix.slice(0, -1), `${prefix.at(-1) ?? ''}${suffix}`, ...rest].join(' ');

            expect(checker.evaluate(buildRequest('shell.exec', `${gaps.join('')}${spaced}`)).type).toBe('allow');
            expect(checker.evaluate(buildRequest('shell.exec', glued)).type).toBe('deny');
          },
        ),
      );
    });
  });
});
