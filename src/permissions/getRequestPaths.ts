import type { MetadataReadResult } from './MetadataReadResult.js';
import type { PermissionRequest } from './PermissionRequest.js';
import { getRequestTarget } from './getRequestTarget.js';

/**
 * Every canonical path an `fs.*` request touches: its `target`, then every entry of
 * `metadata.paths` (both ends of a move). A `paths` value that is not an array of strings makes
 * the request unreadable.
 *
 * The built-in checkers no longer read it: they judge a request's typed `policySubjects()`.
 * It reads the metadata convention requests used before, for code that still relies on it.
 */
export function getRequestPaths(request: PermissionRequest): MetadataReadResult<string> {
  const target = getRequestTarget(request);
  if (!target.ok) {
    return target;
  }
  const paths: unknown = request.metadata?.['paths'];
  if (paths === undefined) {
    return target;
  }
  if (!Array.isArray(paths) || !paths.every((path) => typeof path === 'string')) {
    return { ok: false, problem: 'metadata.paths must be an array of strings' };
  }
  return { ok: true, values: [...target.values, ...(paths as readonly string[])] };
}
