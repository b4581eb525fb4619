import { buildMalformedRequestDecision } from './buildMalformedRequestDecision.js';
import { describePermissionRequest, quoteForReason } from './describePermissionRequest.js';
import { getExactTargetReasons } from './getExactTargetReasons.js';
import type { PathContainment } from './PathContainment.js';
import type { PermissionChecker, PermissionContext } from './PermissionChecker.js';
import { PermissionDecision } from './PermissionDecision.js';
import { PERMISSION_DENY_CODES } from './PermissionDenyCode.js';
import type { PermissionRequest } from './PermissionRequest.js';
import type { PathSubject, PolicySubjects } from './PolicySubjects.js';
import { readPolicySubjects } from './readPolicySubjects.js';

const CHANGE = 'it changes the workspace, and the default policy asks before every change';
const SHELL = 'it runs a shell command, which can do anything the user running this process can';
const MCP = 'it talks to an MCP server outside this process';
const CUSTOM = 'the default policy asks before every kind of request other than reads inside the workspace';

/** Why the subjects other than paths need approval (none for a plain tool call without hints). */
function getSubjectReasons(subjects: PolicySubjects): string[] {
  const reasons: string[] = [];
  if (subjects.command !== undefined) reasons.push(SHELL);
  if (subjects.mcp !== undefined) reasons.push(MCP);
  const described =
    subjects.paths !== undefined ||
    subjects.command !== undefined ||
    subjects.mcp !== undefined ||
    subjects.tool !== undefined;
  if (!described) reasons.push(CUSTOM);
  if (subjects.hints?.destructive === true) reasons.push('the tool is marked as destructive');
  if (subjects.hints?.needsApproval === true) reasons.push('the tool is marked as needing approval');
  const risks = subjects.risks ?? [];
  if (risks.length > 0) reasons.push(`it carries risk flags (${risks.join(', ')})`);
  return reasons;
}

/**
 * The policy used when a host binds no `PERMISSION_CHECKER`. It judges a request by its typed
 * `policySubjects()`, never by its kind or metadata:
 * - paths (`subjects.paths`): any path outside every workspace root, or an empty list, is
 *   denied with code `outside_roots` (the checker asks its `PathContainment`; a request cannot
 *   say it is inside). Reads inside the roots are allowed unless a path is protected or
 *   hard-linked; any `write` access needs approval;
 * - a command (`subjects.command`) or an MCP call (`subjects.mcp`) needs approval;
 * - a plain tool call (`subjects.tool`) is allowed unless its hints say `destructive` or
 *   `needsApproval`;
 * - a request with none of these (a custom side effect) needs approval;
 * - risk flags (`subjects.risks`) make any allow an approval.
 * A request of a built-in family that lacks its family's subjects (an `fs.*` kind without
 * paths, `shell.exec` without a command) is denied `malformed_request`: kinds never allow.
 */
export class DefaultPermissionChecker implements PermissionChecker {
  /** @param containment - what counts as inside the roots (in a container: `PATH_CONTAINMENT`). */
  public constructor(private readonly containment: PathContainment) {}

  /** {@inheritDoc PermissionChecker.evaluate} */
  public evaluate(request: PermissionRequest, _ctx?: PermissionContext): PermissionDecision {
    const what = describePermissionRequest(request);
    const kind: unknown = request.kind;
    if (typeof kind !== 'string') {
      return buildMalformedRequestDecision(what, 'its kind is not a string');
    }
    const read = readPolicySubjects(request, kind);
    if (!read.ok) {
      return buildMalformedRequestDecision(what, read.problem);
    }
    const { subjects } = read;
    const reasons: string[] = [];
    if (subjects.paths !== undefined) {
      const refusal = this.#checkContainment(subjects.paths, what);
      if (refusal !== undefined) {
        return refusal;
      }
      if (subjects.paths.some((path) => path.access !== 'read')) {
        reasons.push(CHANGE);
      }
      reasons.push(...getExactTargetReasons(subjects));
    }
    reasons.push(...getSubjectReasons(subjects));
    return reasons.length === 0
      ? PermissionDecision.allow()
      : PermissionDecision.requireApproval(`${what} needs approval: ${reasons.join('; ')}.`);
  }

  /** A deny when the request names no path, or any path outside the roots. */
  #checkContainment(paths: readonly PathSubject[], what: string): PermissionDecision | undefined {
    if (paths.length === 0) {
      return PermissionDecision.deny(
        `${what} is denied: it names no path, so it cannot be checked against the workspace roots.`,
        PERMISSION_DENY_CODES.outsideRoots,
      );
    }
    const outside = paths.map(({ path }) => path).filter((path) => !this.containment.isInsideRoots(path));
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
