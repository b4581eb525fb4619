import { ToolError } from '../errors/ToolError.js';
import type { PermissionRequest } from '../permissions/PermissionRequest.js';
import { checkPermissionRequests } from './checkPermissionRequests.js';
import { isPlannedRequests } from '../contract/isPlannedRequests.js';

const KNOWN_KEYS: ReadonlySet<string> = new Set(['requests', 'plan']);

/** A preflight's answer as the executor uses it: its checked requests and its plan, if any. */
export interface ReadPreflight {
  readonly requests: readonly PermissionRequest[];
  readonly plan: unknown;
}

/**
 * Reads what a preflight returned: permission requests (one or a list), or
 * `{ requests, plan }` (see `PlannedRequests`).
 * @throws ToolError `internal` naming the tool when it is malformed
 * (`invalid_preflight_result`, `invalid_permission_request`).
 */
export function readPreflightResult(value: unknown, toolName: string): ReadPreflight {
  if (!isPlannedRequests(value)) return { requests: checkPermissionRequests(value, toolName), plan: undefined };
  const unknownKeys = Object.keys(value).filter((key) => !KNOWN_KEYS.has(key));
  const { requests, plan } = value;
  if (!Array.isArray(requests) || unknownKeys.length > 0) {
    const problem = unknownKeys.length > 0 ? `unknown keys ${unknownKeys.map((key) => JSON.stringify(key)).join(', ')}` : '`requests` is not an array';
    throw new ToolError(
      'internal',
      `Tool \`${toolName}\` returned a malformed preflight result (${problem}). A preflight returns PermissionRequest[] or { requests: PermissionRequest[], plan?: unknown }.`,
      { reason: 'invalid_preflight_result' },
    );
  }
  return { requests: checkPermissionRequests(requests, toolName), plan };
}
