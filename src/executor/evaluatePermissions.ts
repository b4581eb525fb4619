import type { PermissionChecker, PermissionContext } from '../permissions/PermissionChecker.js';
import type { PermissionDecision } from '../permissions/PermissionDecision.js';
import type { PermissionRequest } from '../permissions/PermissionRequest.js';

export interface DeniedRequest {
  readonly request: PermissionRequest;
  readonly code: string;
  readonly reason: string;
}

export interface PendingRequest {
  readonly request: PermissionRequest;
  readonly reason: string;
}

/** Every request's decision, sorted into denied and needing approval (the rest are allowed). */
export interface PermissionEvaluation {
  readonly denied: readonly DeniedRequest[];
  readonly pending: readonly PendingRequest[];
}

const NONE: PermissionEvaluation = Object.freeze({ denied: [], pending: [] });

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

function describe(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}

/** A decision as the executor trusts it: anything malformed is a deny. */
function checkDecision(decision: unknown): PermissionDecision {
  const value = decision as Partial<Record<string, unknown>> | null | undefined;
  switch (value?.type) {
    case 'allow':
      return { type: 'allow' };
    case 'deny':
      return {
        type: 'deny',
        code: typeof value.code === 'string' ? value.code : 'denied',
        reason: typeof value.reason === 'string' ? value.reason : 'denied by the permission checker',
      };
    case 'require_approval':
      return { type: 'require_approval', reason: typeof value.reason === 'string' ? value.reason : 'approval required' };
    default:
      return { type: 'deny', code: 'invalid_decision', reason: 'the permission checker returned no valid decision' };
  }
}

/**
 * Asks the checker about **every** request before deciding anything, so that a deny is never
 * hidden behind an approval. A checker that throws (or rejects) denies that request.
 */
export async function evaluatePermissions(
  requests: readonly PermissionRequest[],
  checker: PermissionChecker,
  ctx: PermissionContext,
): Promise<PermissionEvaluation> {
  if (requests.length === 0) return NONE;
  const denied: DeniedRequest[] = [];
  const pending: PendingRequest[] = [];
  for (const request of requests) {
    let decision: PermissionDecision;
    try {
      const answer: unknown = checker.evaluate(request, ctx);
      decision = checkDecision(isThenable(answer) ? await answer : answer);
    } catch (thrown) {
      decision = { type: 'deny', code: 'checker_error', reason: `the permission checker failed: ${describe(thrown)}` };
    }
    if (decision.type === 'deny') denied.push({ request, code: decision.code, reason: decision.reason });
    else if (decision.type === 'require_approval') pending.push({ request, reason: decision.reason });
  }
  return { denied, pending };
}
