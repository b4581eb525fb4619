import type { PermissionChecker, PermissionContext } from '../permissions/PermissionChecker.js';
import type { PermissionDecision } from '../permissions/PermissionDecision.js';
import type { PermissionRequest } from '../permissions/PermissionRequest.js';
import { isThenable, type MaybePromise } from '../contract/maybeAsync.js';
import { isPlannedRequests } from '../contract/isPlannedRequests.js';
import { ToolError } from '../errors/ToolError.js';

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

/** What the checker threw, for the deny reason; a value that throws when read is named as such. */
function describe(thrown: unknown): string {
  try {
    return thrown instanceof Error ? thrown.message : String(thrown);
  } catch {
    return 'it threw a value that cannot be read';
  }
}

function checkerFailed(thrown: unknown): PermissionDecision {
  return { type: 'deny', code: 'checker_error', reason: `the permission checker failed: ${describe(thrown)}` };
}

/** A decision as the executor trusts it: anything malformed is a deny. */
function checkDecision(decision: unknown): PermissionDecision {
  const value = decision as Partial<Record<string, unknown>> | null | undefined;
  switch (value?.type) {
    case 'allow':
      return value as PermissionDecision;
    case 'deny':
      return {
        type: 'deny',
        code: typeof value.code === 'string' ? value.code : 'denied',
        reason: typeof value.reason === 'string' ? value.reason : 'denied by the permission checker',
      };
    case 'require_approval':
      return {
        type: 'require_approval',
        reason: typeof value.reason === 'string' ? value.reason : 'approval required',
      };
    default:
      return { type: 'deny', code: 'invalid_decision', reason: 'the permission checker returned no valid decision' };
  }
}

/** {@link checkDecision}, a decision that throws when read (a hostile proxy) being a checker failure. */
function readDecision(decision: unknown): PermissionDecision {
  try {
    return checkDecision(decision);
  } catch (thrown) {
    return checkerFailed(thrown);
  }
}

/** The checker's answer for one request, synchronously when the checker answers so. */
function decide(
  checker: PermissionChecker,
  request: PermissionRequest,
  ctx: PermissionContext,
): MaybePromise<PermissionDecision> {
  try {
    const answer: unknown = checker.evaluate(request, ctx);
    if (isThenable(answer)) return Promise.resolve(answer).then(readDecision, checkerFailed);
    return checkDecision(answer);
  } catch (thrown) {
    return checkerFailed(thrown);
  }
}

function sort(requests: readonly PermissionRequest[], decisions: readonly PermissionDecision[]): PermissionEvaluation {
  if (decisions.every((decision) => decision.type === 'allow')) return NONE;
  const denied: DeniedRequest[] = [];
  const pending: PendingRequest[] = [];
  decisions.forEach((decision, index) => {
    const request = requests[index] as PermissionRequest;
    if (decision.type === 'deny') denied.push({ request, code: decision.code, reason: decision.reason });
    else if (decision.type === 'require_approval') pending.push({ request, reason: decision.reason });
  });
  return denied.length === 0 && pending.length === 0 ? NONE : { denied, pending };
}

/**
 * Asks the checker about **every** request before deciding anything, so that a deny is never
 * hidden behind an approval. A checker that throws (or rejects) denies that request. Stays
 * synchronous while the checker does; never rejects.
 */
export function evaluatePermissions(
  requests: readonly PermissionRequest[],
  checker: PermissionChecker,
  ctx: PermissionContext,
): MaybePromise<PermissionEvaluation> {
  if (requests.length === 0) return NONE;
  if (requests.length === 1) {
    const only = decide(checker, requests[0] as PermissionRequest, ctx);
    if (isThenable(only)) return only.then((decision) => sort(requests, [decision]));
    return only.type === 'allow' ? NONE : sort(requests, [only]);
  }
  const decisions: MaybePromise<PermissionDecision>[] = requests.map((request) => decide(checker, request, ctx));
  if (!decisions.some(isThenable)) return sort(requests, decisions as PermissionDecision[]);
  return Promise.all(decisions.map((decision) => Promise.resolve(decision))).then((settled) => sort(requests, settled));
}

/**
 * Checks that a preflight returned real permission requests.
 * @throws ToolError `internal` naming the tool when one is malformed.
 */
function checkPermissionRequests(requests: unknown, toolName: string): readonly PermissionRequest[] {
  const list: unknown[] = Array.isArray(requests) ? requests : [requests];
  for (const request of list) {
    const candidate = request as Partial<PermissionRequest> | null;
    if (
      typeof candidate?.kind !== 'string' ||
      candidate.kind === '' ||
      typeof candidate.summary !== 'function' ||
      typeof candidate.toJSON !== 'function'
    ) {
      throw new ToolError(
        'internal',
        `Tool \`${toolName}\` described its side effects with something that is not a PermissionRequest (it needs kind, summary() and toJSON()).`,
        {
          reason: 'invalid_permission_request',
        },
      );
    }
  }
  return list as PermissionRequest[];
}

const KNOWN_KEYS: ReadonlySet<string> = new Set(['requests', 'plan']);

/** A preflight's answer as the executor uses it: its checked requests and its plan, if any. */
export interface ReadPreflight {
  readonly requests: readonly PermissionRequest[];
  readonly plan: unknown;
}

/**
 * Reads what a preflight returned: permission requests (one or a list), or
 * `{ requests, plan }` (see `PlannedRequests`).
 * @throws ToolError `internal` naming the tool when it is malformed
 * (`invalid_preflight_result`, `invalid_permission_request`).
 */
export function readPreflightResult(value: unknown, toolName: string): ReadPreflight {
  if (!isPlannedRequests(value)) return { requests: checkPermissionRequests(value, toolName), plan: undefined };
  const unknownKeys = Object.keys(value).filter((key) => !KNOWN_KEYS.has(key));
  const { requests, plan } = value;
  if (!Array.isArray(requests) || unknownKeys.length > 0) {
    const problem =
      unknownKeys.length > 0
        ? `unknown keys ${unknownKeys.map((key) => JSON.stringify(key)).join(', ')}`
        : '`requests` is not an array';
    throw new ToolError(
      'internal',
      `Tool \`${toolName}\` returned a malformed preflight result (${problem}). A preflight returns PermissionRequest[] or { requests: PermissionRequest[], plan?: unknown }.`,
      { reason: 'invalid_preflight_result' },
    );
  }
  return { requests: checkPermissionRequests(requests, toolName), plan };
}
