import { ToolError } from '../errors/ToolError.js';
import type { PermissionRequest } from '../permissions/PermissionRequest.js';

/**
 * Checks that a preflight returned real permission requests.
 * @throws ToolError `internal` naming the tool when one is malformed.
 */
export function checkPermissionRequests(requests: unknown, toolName: string): readonly PermissionRequest[] {
  const list: unknown[] = Array.isArray(requests) ? requests : [requests];
  for (const request of list) {
    const candidate = request as Partial<PermissionRequest> | null;
    if (typeof candidate?.kind !== 'string' || candidate.kind === '' || typeof candidate.summary !== 'function' || typeof candidate.toJSON !== 'function') {
      throw new ToolError('internal', `Tool \`${toolName}\` described its side effects with something that is not a PermissionRequest (it needs kind, summary() and toJSON()).`, {
        reason: 'invalid_permission_request',
      });
    }
  }
  return list as PermissionRequest[];
}
