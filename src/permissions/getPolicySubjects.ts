import type { MetadataReadResult } from './MetadataReadResult.js';
import type { PermissionRequest } from './PermissionRequest.js';
import type { PolicySubject } from './PolicySubject.js';
import { getRequestPaths } from './getRequestPaths.js';
import { getRequestTarget } from './getRequestTarget.js';
import { getSubcommands } from './getSubcommands.js';

/**
 * What policy patterns are matched against for a request, by its kind: every path for `fs.*`,
 * every subcommand for `shell.exec`, the target for every other kind. A request without them
 * has no subjects, so no rule with a pattern matches it.
 */
export function getPolicySubjects(request: PermissionRequest): MetadataReadResult<PolicySubject> {
  const kind: unknown = request.kind;
  if (typeof kind !== 'string') {
    return { ok: false, problem: 'its kind is not a string' };
  }
  if (kind.startsWith('fs.')) {
    const paths = getRequestPaths(request);
    return paths.ok
      ? { ok: true, values: paths.values.map((text) => ({ type: 'path', text })) }
      : paths;
  }
  if (kind === 'shell.exec') {
    const subcommands = getSubcommands(request);
    return subcommands.ok
      ? { ok: true, values: subcommands.values.map((words) => ({ type: 'command', words })) }
      : subcommands;
  }
  const target = getRequestTarget(request);
  return target.ok
    ? { ok: true, values: target.values.map((text) => ({ type: 'target', text })) }
    : target;
}
