import { assertPolicyPermissionCheckerOptions } from './assertPolicyPermissionCheckerOptions.js';
import { buildMalformedRequestDecision } from './buildMalformedRequestDecision.js';
import { CompiledPolicyRule } from './CompiledPolicyRule.js';
import { describePermissionRequest, describeRuleSubject } from './describePermissionRequest.js';
import { getExactTargetReasons } from './getExactTargetReasons.js';
import { getRuleSubjects } from './getRuleSubjects.js';
import type { PermissionChecker, PermissionContext } from './PermissionChecker.js';
import { PermissionDecision } from './PermissionDecision.js';
import { PERMISSION_DENY_CODES } from './PermissionDenyCode.js';
import type { PermissionRequest } from './PermissionRequest.js';
import type { PolicyPermissionCheckerOptions } from './PolicyPermissionCheckerOptions.js';
import type { PolicyEffect } from './PolicyRule.js';
import type { PolicySubjects } from './PolicySubjects.js';
import { readPolicySubjects } from './readPolicySubjects.js';
import type { RuleSubject } from './RuleSubject.js';

function describeRules(rules: readonly CompiledPolicyRule[]): string {
  const descriptions = [...new Set(rules.map((rule) => rule.description))].sort();
  return `${descriptions.length === 1 ? 'rule' : 'rules'} ${descriptions.join(', ')}`;
}

const NO_RULES: readonly CompiledPolicyRule[] = Object.freeze([]);

/** The rules that match any of the subjects (a rule without pattern matches every request). */
function matchingRules(
  candidates: readonly CompiledPolicyRule[],
  subjects: readonly RuleSubject[],
): readonly CompiledPolicyRule[] {
  if (candidates.length === 0) {
    return NO_RULES;
  }
  return candidates.filter((rule) => !rule.hasPattern || subjects.some((subject) => rule.matches(subject)));
}

/** The rules that apply to one permission kind, by effect. */
interface KindRules {
  readonly deny: readonly CompiledPolicyRule[];
  readonly ask: readonly CompiledPolicyRule[];
  readonly allow: readonly CompiledPolicyRule[];
}

/** Kinds whose rule buckets are kept; past this many distinct kinds, buckets are built per call. */
const MAX_CACHED_KINDS = 256;

/**
 * A rule-based `PermissionChecker`. Deny rules win over ask rules, which win over allow rules,
 * whatever their order; a request no rule decides gets the fallback.
 *
 * A rule applies to the requests of its `kind`; its pattern is matched against the typed
 * subjects of the request's `policySubjects()`, never its metadata: a glob over every path, a
 * command prefix over every subcommand, and a glob over the target of a request with neither.
 * Deny and ask rules match a request when their pattern matches any of its subjects. Allow
 * rules allow it only when every subject is matched by some allow rule. Two overrides then turn
 * an allow into require_approval: risk flags (`subjects.risks`), and a protected or hard-linked
 * path when no allow rule names every subject exactly.
 *
 * @example
 * ```ts
 * import { Container } from 'inversify';
 * import { agentkitModule, PERMISSION_CHECKER, PolicyPermissionChecker } from 'agentkit-tools-core';
 *
 * const checker = new PolicyPermissionChecker({
 *   rules: [
 *     { effect: 'allow', kind: 'fs.read' },
 *     { effect: 'allow', kind: 'shell.exec', pattern: 'git status' },
 *     { effect: 'deny', kind: 'fs.*', pattern: '/etc/**' },
 *     { effect: 'ask', kind: 'fs.write' },
 *     { effect: 'allow', kind: 'tool.invoke' }, // tools that describe no side effect
 *   ],
 *   fallback: 'deny',
 * });
 * const container = new Container();
 * container.bind(PERMISSION_CHECKER).toConstantValue(checker);
 * await container.load(agentkitModule({ roots: [{ path: process.cwd() }] })); // keeps the checker bound above
 * ```
 */
export class PolicyPermissionChecker implements PermissionChecker {
  readonly #rules: readonly CompiledPolicyRule[];
  readonly #fallback: PolicyEffect;
  /** The rules of each kind seen so far, split by effect (rules are fixed once constructed). */
  readonly #byKind = new Map<string, KindRules>();

  /**
   * Checks the options (unknown keys, effects, kinds a built-in family does not have throw
   * `ToolConfigurationError`).
   */
  public constructor(options: PolicyPermissionCheckerOptions) {
    assertPolicyPermissionCheckerOptions(options);
    this.#rules = options.rules.map((rule) => new CompiledPolicyRule({ ...rule }));
    this.#fallback = options.fallback;
  }

  /** {@inheritDoc PermissionChecker.evaluate} */
  public evaluate(request: PermissionRequest, _ctx?: PermissionContext): PermissionDecision {
    const kind: unknown = request.kind;
    if (typeof kind !== 'string') {
      return buildMalformedRequestDecision(describePermissionRequest(request), 'its kind is not a string');
    }
    const read = readPolicySubjects(request, kind);
    if (!read.ok) {
      return buildMalformedRequestDecision(describePermissionRequest(request), read.problem);
    }
    const subjects = getRuleSubjects(request, read.subjects);
    if (!subjects.ok) {
      return buildMalformedRequestDecision(describePermissionRequest(request), subjects.problem);
    }
    const rules = this.#rulesFor(kind);
    const denying = matchingRules(rules.deny, subjects.values);
    if (denying.length > 0) {
      return PermissionDecision.deny(
        `${describePermissionRequest(request)} is denied by policy ${describeRules(denying)}.`,
        PERMISSION_DENY_CODES.policyDenied,
      );
    }
    const asking = matchingRules(rules.ask, subjects.values);
    if (asking.length > 0) {
      return PermissionDecision.requireApproval(
        `${describePermissionRequest(request)} needs approval: policy ${describeRules(asking)} asks for it.`,
      );
    }
    if (this.#allows(rules.allow, subjects.values)) {
      return this.#checkOverrides(request, rules.allow, subjects.values, read.subjects);
    }
    return this.#fallbackDecision(request, rules.allow, subjects.values, read.subjects);
  }

  #rulesFor(kind: string): KindRules {
    const cached = this.#byKind.get(kind);
    if (cached !== undefined) {
      return cached;
    }
    const applying = this.#rules.filter((rule) => rule.appliesTo(kind));
    const split: KindRules = {
      deny: applying.filter((rule) => rule.effect === 'deny'),
      ask: applying.filter((rule) => rule.effect === 'ask'),
      allow: applying.filter((rule) => rule.effect === 'allow'),
    };
    if (this.#byKind.size < MAX_CACHED_KINDS) {
      this.#byKind.set(kind, split);
    }
    return split;
  }

  #allows(allowing: readonly CompiledPolicyRule[], subjects: readonly RuleSubject[]): boolean {
    if (allowing.some((rule) => !rule.hasPattern)) {
      return true;
    }
    return subjects.length > 0 && subjects.every((subject) => allowing.some((rule) => rule.matches(subject)));
  }

  #fallbackDecision(
    request: PermissionRequest,
    allowing: readonly CompiledPolicyRule[],
    subjects: readonly RuleSubject[],
    typed: PolicySubjects,
  ): PermissionDecision {
    if (this.#fallback === 'allow') {
      return this.#checkOverrides(request, allowing, subjects, typed);
    }
    const what = describePermissionRequest(request);
    const uncovered = subjects.filter((subject) => !allowing.some((rule) => rule.matches(subject)));
    const why =
      uncovered.length === 0
        ? 'no policy rule allows it'
        : `no policy allow rule covers ${uncovered.map(describeRuleSubject).join(', ')}`;
    return this.#fallback === 'deny'
      ? PermissionDecision.deny(
          `${what} is denied: ${why}, and the policy fallback is "deny".`,
          PERMISSION_DENY_CODES.policyDenied,
        )
      : PermissionDecision.requireApproval(`${what} needs approval: ${why}, and the policy fallback is "ask".`);
  }

  #checkOverrides(
    request: PermissionRequest,
    allowing: readonly CompiledPolicyRule[],
    subjects: readonly RuleSubject[],
    typed: PolicySubjects,
  ): PermissionDecision {
    const reasons: string[] = [];
    const risks = typed.risks ?? [];
    if (risks.length > 0) {
      reasons.push(`it carries risk flags (${risks.join(', ')}) that an allow rule does not cover`);
    }
    // A protected or hard-linked path needs every subject named exactly by an allow rule.
    const exact = getExactTargetReasons(typed);
    if (
      exact.length > 0 &&
      !(subjects.length > 0 && subjects.every((subject) => allowing.some((rule) => rule.names(subject))))
    ) {
      reasons.push(`${exact.join(', and ')}, and no allow rule names that exact target`);
    }
    return reasons.length === 0
      ? PermissionDecision.allow()
      : PermissionDecision.requireApproval(
          `${describePermissionRequest(request)} needs approval: ${reasons.join('; ')}.`,
        );
  }
}
