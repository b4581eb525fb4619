import type { MetadataReadResult } from './MetadataReadResult.js';
import type { PermissionRequest } from './PermissionRequest.js';

/**
 * The risk flags of a request (`metadata.risks`: substitution, redirection, wrapper, ...).
 * Absent means none; a value that is not an array of strings makes the request unreadable.
 *
 * The built-in checkers no longer read it: they judge a request's typed `policySubjects()`.
 * It reads the metadata convention requests used before, for code that still relies on it.
 */
const NO_RISKS: MetadataReadResult<string> = Object.freeze({ ok: true, values: Object.freeze([]) });

export function getRequestRisks(request: PermissionRequest): MetadataReadResult<string> {
  const risks: unknown = request.metadata?.['risks'];
  if (risks === undefined) {
    return NO_RISKS;
  }
  if (!Array.isArray(risks) || !risks.every((risk) => typeof risk === 'string')) {
    return { ok: false, problem: 'metadata.risks must be an array of strings' };
  }
  return { ok: true, values: risks };
}
