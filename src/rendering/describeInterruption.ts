import type { ToolInterruption } from '../interrupt/ToolInterruption.js';
import { quoteForDisplay } from '../permissions/quoteForDisplay.js';

/** A reason or a provider name on one line, nothing in it hidden (a custom checker's reason is any text). */
const line = (text: string): string => quoteForDisplay(text, Number.POSITIVE_INFINITY, 'line');

/**
 * The placeholder text for a call that waits for the host (only when the host asks for one).
 * @internal
 */
export function describeInterruption(interruption: ToolInterruption): string {
  switch (interruption.type) {
    case 'approval_required':
      return `Waiting for approval: ${line(interruption.approval.reason)}. The call has not run yet.`;
    case 'auth_required':
      return `Waiting for authentication with ${line(interruption.auth.provider)}. The call has not run yet.`;
    case 'input_required':
      return `Waiting for the user to answer: ${line(interruption.input.message)}. The call will run again from its start with the answer.`;
    case 'capability_required':
      return `Waiting for the host: this tool needs ${interruption.capability}, which the host does not offer. ${line(interruption.message)}`;
  }
}
