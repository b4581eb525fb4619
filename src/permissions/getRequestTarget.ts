import type { MetadataReadResult } from './MetadataReadResult.js';
import type { PermissionRequest } from './PermissionRequest.js';

/** The request's `target` as zero or one value; a present non-string target is a problem. */
export function getRequestTarget(request: PermissionRequest): MetadataReadResult<string> {
  const target: unknown = request.target;
  if (target === undefined) {
    return { ok: true, values: [] };
  }
  if (typeof target !== 'string') {
    return { ok: false, problem: `its target is a ${typeof target}, not a string` };
  }
  return { ok: true, values: [target] };
}
