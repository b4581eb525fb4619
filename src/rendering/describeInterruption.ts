import type { ToolInterruption } from '../interrupt/ToolInterruption.js';

/**
 * The placeholder text for a call that waits for the host (only when the host asks for one).
 * @internal
 */
export function describeInterruption(interruption: ToolInterruption): string {
  switch (interruption.type) {
    case 'approval_required':
      return `Waiting for approval: ${interruption.approval.reason}. The call has not run yet.`;
    case 'auth_required':
      return `Waiting for authentication with ${interruption.auth.provider}. The call has not run yet.`;
  }
}
