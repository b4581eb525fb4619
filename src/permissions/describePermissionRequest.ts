import type { PermissionRequest } from './PermissionRequest.js';
import type { PolicySubject } from './PolicySubject.js';

const MAX_TEXT_LENGTH = 200;

/** Quotes text for a decision reason, shortening very long text. */
export function quoteForReason(text: string): string {
  const shown = text.length > MAX_TEXT_LENGTH ? `${text.slice(0, MAX_TEXT_LENGTH)}...` : text;
  return JSON.stringify(shown);
}

/** One subject as reasons show it: the quoted path, target or subcommand. */
export function describePolicySubject(subject: PolicySubject): string {
  return quoteForReason(subject.type === 'command' ? subject.words.join(' ') : subject.text);
}

/** A request as reasons show it: `fs.write "/repo/a.txt"`, or `custom.kind (no target)`. */
export function describePermissionRequest(request: PermissionRequest): string {
  const target: unknown = request.target;
  const kind = String(request.kind);
  return typeof target === 'string' ? `${kind} ${quoteForReason(target)}` : `${kind} (no target)`;
}
