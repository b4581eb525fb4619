import type { PermissionRequestJson } from '../permissions/PermissionRequest.js';

/**
 * A call paused until a person approves it. Plain JSON: it survives `JSON.stringify`,
 * `JSON.parse` and a process restart. `binding` is a digest of the tool name, the canonical
 * input, the session and `requests`: the approval is valid for that exact call only.
 */
export interface ApprovalRequest {
  readonly id: string;
  readonly callId: string;
  readonly toolName: string;
  readonly sessionId: string;
  readonly turnId: string;
  /** The serialized permission requests that need approval. */
  readonly requests: readonly PermissionRequestJson[];
  readonly reason: string;
  readonly binding: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** ISO 8601. */
  readonly expiresAt: string;
}
