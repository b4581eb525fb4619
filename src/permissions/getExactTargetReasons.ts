import type { PolicySubjects } from './PolicySubjects.js';

/**
 * Why a request needs approval even where a policy allows its kind, unless a rule names its
 * exact target: a protected path, or a file with more than one hard link, which may be a window
 * onto a file outside the roots. Empty when no path says either.
 */
export function getExactTargetReasons(subjects: PolicySubjects): string[] {
  const paths = subjects.paths ?? [];
  const reasons: string[] = [];
  if (paths.some((path) => path.protected === true)) {
    reasons.push('it touches a protected path');
  }
  if (paths.some((path) => path.hardLinked === true)) {
    reasons.push('the file has more than one hard link, so it may be a window onto a file outside the workspace');
  }
  return reasons;
}
