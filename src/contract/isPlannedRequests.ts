import type { PermissionRequest } from '../permissions/PermissionRequest.js';
import type { PlannedRequests } from './PreflightResult.js';

/**
 * Whether a preflight's answer is the `{ requests, plan }` form (and not a request or a list
 * of them): an object with a `requests` key that is not itself a permission request.
 */
export function isPlannedRequests(value: unknown): value is PlannedRequests {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    'requests' in value &&
    typeof (value as Partial<PermissionRequest>).kind !== 'string'
  );
}
