import { createHash } from 'node:crypto';
import type { PermissionRequestJson } from '../permissions/PermissionRequest.js';
import type { JsonValue } from '../values/JsonValue.js';
import { canonicalJson } from './canonicalJson.js';

/** What an approval is bound to. */
export interface ApprovalBindingSubject {
  readonly toolName: string;
  readonly sessionId: string;
  readonly input: JsonValue;
  readonly requests: readonly PermissionRequestJson[];
}

/**
 * The SHA-256 digest (hex) of the tool name, session, canonical input (sorted keys) and the
 * permission requests that needed approval. A different input, session, tool or set of
 * requests gives a different binding.
 */
export function computeApprovalBinding(subject: ApprovalBindingSubject): string {
  return createHash('sha256')
    .update(
      canonicalJson({
        v: 1,
        toolName: subject.toolName,
        sessionId: subject.sessionId,
        input: subject.input,
        requests: subject.requests,
      }),
    )
    .digest('hex');
}
