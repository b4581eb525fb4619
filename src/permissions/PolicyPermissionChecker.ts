import { assertPolicyPermissionCheckerOptions } from './assertPolicyPermissionCheckerOptions.js';
import { buildMalformedRequestDecision } from './buildMalformedRequestDecision.js';
import { CompiledPolicyRule } from './CompiledPolicyRule.js';
import { describePermissionRequest, describePolicySubject } from './describePermissionRequest.js';
import { getExactTargetReasons } from './getExactTargetReasons.js';
import { getPolicySubjects } from './getPolicySubjects.js';
import { getRequestRisks } from './getRequestRisks.js';
import type { PermissionChecker, PermissionContext } from './PermissionChecker.js';
import { PermissionDecision } from './PermissionDecision.js';
import { PERMISSION_DENY_CODES } from './PermissionDenyCode.js';
import type { PermissionRequest } from './PermissionRequest.js';
import type { PolicyPermissionCheckerOptions } from './PolicyPermissionCheckerOptions.js';
import type { PolicyEffect } from './PolicyRule.js';
import type { PolicySubject } from './PolicySubject.js';

function describeRules(rules: readonly CompiledPolicyRule[]): string {
  const descriptions = [...new Set(rules.map((rule) => rule.description))].sort();
  return `${descriptions.length === 1 ? 'rule' : 'rules'} ${descriptions.join(', ')}`;
}

const NO_RULES: readonly CompiledPolicyRule[] = Object.freeze([]);

/** The rules that match any of the subjects (a rule without pattern matches every request). */
function matchingRules(
  candidates: readonly CompiledPolicyRule[],
  subjects: readonly PolicySubject[],
): readonly CompiledPolicyRule[] {
  if (candidates.length === 0) {
    return NO_RULES;
  }
  return candidates.filter(
    (rule) => !rule.hasPattern || subjects.some((subject) => rule.matches(subject)),
  );
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
 * Deny and ask rules match a request when their pattern matches any of its subjects (any path
 * of an `fs.*` request, any subcommand of a `shell.exec` request). Allow rules allow it only
 * when every subject is matched by some allow rule. Two overrides then turn an allow into
 * require_approval: risk flags (`metadata.risks`), and a protected target
 * (`metadata.protected: true`) or hard-linked file (`metadata.hardLinked: true`) that no
 * allow rule names exactly.
 */
export class PolicyPermissionChecker implements PermissionChecker {
  readonly #rules: readonly CompiledPolicyRule[];
  readonly #fallback: PolicyEffect;
  /** The rules of each kind seen so far, split by effect (rules are fixed once constructed). */
  readonly #byKind = new Map<string, KindRules>();

  public constructor(options: PolicyPermissionCheckerOptions) {
    assertPolicyPermissionCheckerOptions(options);
    this.#rules = options.rules.map((rule) => new CompiledPolicyRule({ ...rule }));
    this.#fallback = options.fallback;
  }

  public evaluate(request: PermissionRequest, _ctx?: PermissionContext): PermissionDecision {
    const subjects = getPolicySubjects(request);
    if (!subjects.ok) {
      return buildMalformedRequestDecision(describePermissionRequest(request), subjects.problem);
    }
    const risks = getRequestRisks(request);
    if (!risks.ok) {
      return buildMalformedRequestDecision(describePermissionRequest(request), risks.problem);
    }
    // getPolicySubjects succeeded, so the kind is a string.
    const rules = this.#rulesFor(request.kind);
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
      return this.#checkOverrides(request, rules.allow, subjects.values, risks.values);
    }
    return this.#fallbackDecision(request, rules.allow, subjects.values, risks.values);
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

  #allows(allowing: readonly CompiledPolicyRule[], subjects: readonly PolicySubject[]): boolean {
    if (allowing.some((rule) => !rule.hasPattern)) {
      return true;
    }
    return (
      subjects.length > 0 &&
      subjects.every((subject) => allowing.some((rule) => rule.matches(subject)))
    );
  }

  #fallbackDecision(
    request: PermissionRequest,
    allowing: readonly CompiledPolicyRule[],
    subjects: readonly PolicySubject[],
    risks: readonly string[],
  ): PermissionDecision {
    if (this.#fallback === 'allow') {
      return this.#checkOverrides(request, allowing, subjects, risks);
    }
    const what = describePermissionRequest(request);
    const uncovered = subjects.filter((subject) => !allowing.some((rule) => rule.matches(subject)));
    const why =
      uncovered.length === 0
        ? 'no policy rule allows it'
        : `no policy allow rule covers ${uncovered.map(describePolicySubject).join(', ')}`;
    return this.#fallback === 'deny'
      ? PermissionDecision.deny(
          `${what} is denied: ${why}, and the policy fallback is "deny".`,
          PERMISSION_DENY_CODES.policyDenied,
        )
      : PermissionDecision.requireApproval(
          `${what} needs approval: ${why}, and the policy fallback is "ask".`,
        );
  }

  #checkOverrides(
    request: PermissionRequest,
    allowing: readonly CompiledPolicyRule[],
    subjects: readonly PolicySubject[],
    risks: readonly string[],
  ): PermissionDecision {
    const reasons: string[] = [];
    if (risks.length > 0) {
      reasons.push(`it carries risk flags (${risks.join(', ')}) that an allow rule does not cover`);
    }
    // Only a protected or hard-linked target needs to be named exactly by an allow rule.
    const exact = getExactTargetReasons(request);
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
