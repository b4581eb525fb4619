import type { MetadataReadResult } from './MetadataReadResult.js';
import type { PermissionRequest } from './PermissionRequest.js';
import type { PolicySubjects } from './PolicySubjects.js';
import type { RuleSubject } from './RuleSubject.js';
import { getRequestTarget } from './getRequestTarget.js';

/**
 * What policy patterns are matched against, from a request's typed subjects: every path, then
 * every subcommand; for a request with neither, its target. A request without any has no
 * subjects, so no rule with a pattern matches it.
 */
export function getRuleSubjects(request: PermissionRequest, subjects: PolicySubjects): MetadataReadResult<RuleSubject> {
  const { paths, command } = subjects;
  if (paths === undefined && command === undefined) {
    const target = getRequestTarget(request);
    return target.ok ? { ok: true, values: target.values.map((text) => ({ type: 'target', text })) } : target;
  }
  const values: RuleSubject[] = [];
  for (const { path } of paths ?? []) {
    values.push({ type: 'path', text: path });
  }
  for (const words of command?.subcommands ?? []) {
    values.push({ type: 'command', words });
  }
  return { ok: true, values };
}
