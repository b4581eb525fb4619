import type { ApprovalRequest } from '../index.js';

/** Characters a person cannot see or that reorder text: shown as `\uXXXX`. */
const INVISIBLE = /[\p{Cf}\p{Zl}\p{Zp}\u007f-\u009f]/gu;

/**
 * `value` as one unambiguous quoted line: JSON escapes (newlines, quotes, control characters)
 * plus `\uXXXX` for invisible and bidirectional-control characters, so nothing in a target can
 * hide part of it or pass for the end of the text.
 */
export function quoteInFull(value: unknown): string {
  const json = typeof value === 'string' ? JSON.stringify(value) : ((JSON.stringify(value) as string | undefined) ?? String(value));
  return json.replace(INVISIBLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * What a person is asked to approve, in full: the reason, then each request's summary and its
 * complete target (the whole command or path, never shortened, with its length), so a payload
 * cannot hide past a cut. Used by MCP elicitation and by refusals sent to clients.
 */
export function describeApproval(approval: ApprovalRequest): string {
  const lines = [`Tool ${approval.toolName} needs your approval: ${approval.reason}`];
  for (const request of approval.requests) {
    lines.push(`- ${request.summary}`);
    const target: unknown = request['target'];
    if (target !== undefined) {
      const length = typeof target === 'string' ? ` (${target.length} characters, in full)` : '';
      lines.push(`  ${request.kind} target${length}: ${quoteInFull(target)}`);
    }
  }
  return lines.join('\n');
}
