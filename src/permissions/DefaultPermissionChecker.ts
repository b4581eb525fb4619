import { buildMalformedRequestDecision } from './buildMalformedRequestDecision.js';
import { describePermissionRequest, quoteForReason } from './describePermissionRequest.js';
import { getExactTargetReasons } from './getExactTargetReasons.js';
import { getRequestPaths } from './getRequestPaths.js';
import { getRequestRisks } from './getRequestRisks.js';
import type { PathContainment } from './PathContainment.js';
import type { PermissionChecker, PermissionContext } from './PermissionChecker.js';
import { PermissionDecision } from './PermissionDecision.js';
import { PERMISSION_DENY_CODES } from './PermissionDenyCode.js';
import type { PermissionRequest } from './PermissionRequest.js';
import { READ_ONLY_KINDS } from './READ_ONLY_KINDS.js';

/** Why a request that is not a filesystem request needs approval, by its kind. */
function getKindReason(kind: string): string {
  if (kind === 'shell.exec') {
    return 'it runs a shell command, which can do anything the user running this process can';
  }
  if (kind.startsWith('mcp.')) {
    return 'it talks to an MCP server outside this process';
  }
  return (
    'the default policy asks before every kind of request other than reads inside the workspace'
  );
}

/**
 * Why calling a tool that describes no side effect needs approval: only when its annotations
 * (the request's metadata) say it is destructive or needs approval.
 */
function getToolInvokeReasons(request: PermissionRequest): string[] {
  const reasons: string[] = [];
  if (request.metadata?.['destructiveHint'] === true) {
    reasons.push('the tool is marked as destructive');
  }
  if (request.metadata?.['needsApprovalHint'] === true) {
    reasons.push('the tool is marked as needing approval');
  }
  return reasons;
}

/**
 * The policy used when a host binds no `PERMISSION_CHECKER`:
 * - `fs.*` naming a path outside every workspace root (or no path at all): deny, code
 *   `outside_roots`;
 * - `fs.read` and `fs.list` inside the roots: allow, unless the path is protected
 *   (`metadata.protected: true`), the file is hard-linked (`metadata.hardLinked: true`) or
 *   the request carries risk flags (`metadata.risks`);
 * - every other `fs.*` kind (write, edit, delete, move, mkdir): require approval;
 * - `tool.invoke` (a tool that describes no side effect): allow, unless its annotations say
 *   `destructiveHint: true` or `needsApprovalHint: true` (then require approval);
 * - `shell.exec`, `mcp.*` and every custom kind: require approval.
 */
export class DefaultPermissionChecker implements PermissionChecker {
  public constructor(private readonly containment: PathContainment) {}

  public evaluate(request: PermissionRequest, _ctx?: PermissionContext): PermissionDecision {
    const what = describePermissionRequest(request);
    const kind: unknown = request.kind;
    if (typeof kind !== 'string') {
      return buildMalformedRequestDecision(what, 'its kind is not a string');
    }
    const risks = getRequestRisks(request);
    if (!risks.ok) {
      return buildMalformedRequestDecision(what, risks.problem);
    }
    const reasons: string[] = [];
    if (kind.startsWith('fs.')) {
      const refusal = this.#checkContainment(request, what);
      if (refusal !== undefined) {
        return refusal;
      }
      if (!READ_ONLY_KINDS.includes(kind)) {
        reasons.push('it changes the workspace, and the default policy asks before every change');
      }
      reasons.push(...getExactTargetReasons(request));
    } else if (kind === 'tool.invoke') {
      reasons.push(...getToolInvokeReasons(request));
    } else {
      reasons.push(getKindReason(kind));
    }
    if (risks.values.length > 0) {
      reasons.push(`it carries risk flags (${risks.values.join(', ')})`);
    }
    return reasons.length === 0
      ? PermissionDecision.allow()
      : PermissionDecision.requireApproval(`${what} needs approval: ${reasons.join('; ')}.`);
  }

  /** A deny when any path of an `fs.*` request is missing, unreadable or outside the roots. */
  #checkContainment(request: PermissionRequest, what: string): PermissionDecision | undefined {
    const paths = getRequestPaths(request);
    if (!paths.ok) {
      return buildMalformedRequestDecision(what, paths.problem);
    }
    if (paths.values.length === 0) {
      return PermissionDecision.deny(
        `${what} is denied: it names no path, so it cannot be checked against the workspace roots.`,
        PERMISSION_DENY_CODES.outsideRoots,
      );
    }
    const outside = paths.values.filter((path) => !this.containment.isInsideRoots(path));
    if (outside.length === 0) {
      return undefined;
    }
    return PermissionDecision.deny(
      `${what} is denied: ${outside.map(quoteForReason).join(', ')} ` +
        `${outside.length === 1 ? 'is' : 'are'} outside every workspace root. ` +
        'Use a path inside the workspace.',
      PERMISSION_DENY_CODES.outsideRoots,
    );
  }
}
