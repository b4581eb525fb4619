import { type ApprovalRequest } from '../index.js';
import { quoteForDisplay } from '../internal/index.js';

/** Whole, never shortened: what a person approves must be all of what runs. */
const IN_FULL = Number.POSITIVE_INFINITY;

/**
 * What a person is asked to approve, in full: the reason, then each request's summary and its
 * complete target (the whole command or path, never shortened, with its length), so a payload
 * cannot hide past a cut. Every part goes through the display function ({@link quoteForDisplay}):
 * a tool or server name, a summary or a reason cannot add a line, move the cursor or reorder the
 * text. Used by MCP elicitation and by refusals sent to clients.
 */
export function describeApproval(approval: ApprovalRequest): string {
  const line = (text: unknown): string => quoteForDisplay(text, IN_FULL, 'line');
  const lines = [`Tool ${line(approval.toolName)} needs your approval: ${line(approval.reason)}`];
  for (const request of approval.requests) {
    lines.push(`- ${line(request.summary)}`);
    const target: unknown = request['target'];
    if (target !== undefined) {
      const length = typeof target === 'string' ? ` (${target.length} characters, in full)` : '';
      lines.push(`  ${line(request.kind)} target${length}: ${quoteForDisplay(target, IN_FULL)}`);
    }
  }
  return lines.join('\n');
}
