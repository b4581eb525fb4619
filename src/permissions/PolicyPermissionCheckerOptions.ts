import type { PolicyRule } from './PolicyRule.js';

/** Options of `new PolicyPermissionChecker(options)`. */
export interface PolicyPermissionCheckerOptions {
  /** The rules; their order does not matter (deny > ask > allow). */
  readonly rules: readonly PolicyRule[];
  /** The decision for a request no rule decides. */
  readonly fallback: 'allow' | 'deny' | 'ask';
}
