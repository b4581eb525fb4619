import type { PermissionRequest } from './PermissionRequest.js';

/**
 * Why a request needs approval even where a policy allows its kind, unless a rule names its
 * exact target: a protected path (`metadata.protected: true`), or a read of a file with more
 * than one hard link (`metadata.hardLinked: true`), which may be a window onto a file
 * outside the roots. Empty when neither flag is set.
 */
export function getExactTargetReasons(request: PermissionRequest): string[] {
  const reasons: string[] = [];
  if (request.metadata?.['protected'] === true) {
    reasons.push('it touches a protected path');
  }
  if (request.metadata?.['hardLinked'] === true) {
    reasons.push('the file has more than one hard link, so it may be a window onto a file outside the workspace');
  }
  return reasons;
}
