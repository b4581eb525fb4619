import { quoteForDisplay } from './quoteForDisplay.js';
import type { PermissionRequest } from './PermissionRequest.js';
import type { RuleSubject } from './RuleSubject.js';

/**
 * Quotes text for a decision reason; very long text is shortened, saying how many characters
 * were left out (see {@link quoteForDisplay}).
 */
export function quoteForReason(text: string): string {
  return quoteForDisplay(text);
}

/** One subject as reasons show it: the quoted path, target or subcommand. */
export function describeRuleSubject(subject: RuleSubject): string {
  return quoteForReason(subject.type === 'command' ? subject.words.join(' ') : subject.text);
}

/** A request as reasons show it: `fs.write "/repo/a.txt"`, or `custom.kind (no target)`. */
export function describePermissionRequest(request: PermissionRequest): string {
  const target: unknown = request.target;
  const kind: unknown = request.kind; // custom requests come from user code, whatever the types say
  const text = quoteForDisplay(String(kind), Number.POSITIVE_INFINITY, 'line');
  return typeof target === 'string' ? `${text} ${quoteForReason(target)}` : `${text} (no target)`;
}
