import { assertPolicyPermissionCheckerOptions } from './assertPolicyPermissionCheckerOptions.js';
import { buildMalformedRequestDecision } from './buildMalformedRequestDecision.js';
import { CompiledPolicyRule } from './CompiledPolicyRule.js';
import { describePermissionRequest, describePolicySubject } from './describePermissionRequest.js';
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

/**
 * A rule-based `PermissionChecker`. Deny rules win over ask rules, which win over allow rules,
 * whatever their order; a request no rule decides gets the fallback.
 *
 * Deny and ask rules match a request when their pattern matches any of its subjects (any path
 * of an `fs.*` request, any subcommand of a `shell.exec` request). Allow rules allow it only
 * when every subject is matched by some allow rule. Two overrides then turn an allow into
 * require_approval: risk flags (`metadata.risks`), and a protected target
 * (`metadata.protected: true`) that no allow rule names exactly.
 */
export class PolicyPermissionChecker implements PermissionChecker {
  readonly #rules: readonly CompiledPolicyRule[];
  readonly #fallback: PolicyEffect;

  public constructor(options: PolicyPermissionCheckerOptions) {
    assertPolicyPermissionCheckerOptions(options);
    this.#rules = options.rules.map((rule) => new CompiledPolicyRule({ ...rule }));
    this.#fallback = options.fallback;
  }

  public evaluate(request: PermissionRequest, _ctx?: PermissionContext): PermissionDecision {
    const subjects = getPolicySubjects(request);
    const risks = getRequestRisks(request);
    const what = describePermissionRequest(request);
    if (!subjects.ok) {
      return buildMalformedRequestDecision(what, subjects.problem);
    }
    if (!risks.ok) {
      return buildMalformedRequestDecision(what, risks.problem);
    }
    const rules = this.#rules.filter((rule) => rule.appliesTo(request.kind));
    const matching = (effect: PolicyEffect): CompiledPolicyRule[] =>
      rules.filter(
        (rule) =>
          rule.effect === effect &&
          (!rule.hasPattern || subjects.values.some((subject) => rule.matches(subject))),
      );
    const denying = matching('deny');
    if (denying.length > 0) {
      return PermissionDecision.deny(
        `${what} is denied by policy ${describeRules(denying)}.`,
        PERMISSION_DENY_CODES.policyDenied,
      );
    }
    const asking = matching('ask');
    if (asking.length > 0) {
      return PermissionDecision.requireApproval(
        `${what} needs approval: policy ${describeRules(asking)} asks for it.`,
      );
    }
    const allowing = rules.filter((rule) => rule.effect === 'allow');
    if (this.#allows(allowing, subjects.values)) {
      return this.#checkOverrides(request, what, allowing, subjects.values, risks.values);
    }
    return this.#fallbackDecision(request, what, allowing, subjects.values, risks.values);
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
    what: string,
    allowing: readonly CompiledPolicyRule[],
    subjects: readonly PolicySubject[],
    risks: readonly string[],
  ): PermissionDecision {
    if (this.#fallback === 'allow') {
      return this.#checkOverrides(request, what, allowing, subjects, risks);
    }
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
    what: string,
    allowing: readonly CompiledPolicyRule[],
    subjects: readonly PolicySubject[],
    risks: readonly string[],
  ): PermissionDecision {
    const reasons: string[] = [];
    if (risks.length > 0) {
      reasons.push(`it carries risk flags (${risks.join(', ')}) that an allow rule does not cover`);
    }
    const named =
      subjects.length > 0 &&
      subjects.every((subject) => allowing.some((rule) => rule.names(subject)));
    if (request.metadata?.['protected'] === true && !named) {
      reasons.push('it touches a protected path, and no allow rule names that exact target');
    }
    return reasons.length === 0
      ? PermissionDecision.allow()
      : PermissionDecision.requireApproval(`${what} needs approval: ${reasons.join('; ')}.`);
  }
}
