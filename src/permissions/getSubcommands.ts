import type { MetadataReadResult } from './MetadataReadResult.js';
import type { PermissionRequest } from './PermissionRequest.js';
import { getRequestTarget } from './getRequestTarget.js';
import { splitCommandWords } from './splitCommandWords.js';

/**
 * Every simple command of a `shell.exec` request, as words. They come from
 * `metadata.subcommands`: each entry either command text (split on whitespace) or an array of
 * words (kept as they are). Without subcommands (absent or empty) the `target` is the one
 * command. Any other shape makes the request unreadable.
 *
 * The built-in checkers no longer read it: they judge a request's typed `policySubjects()`.
 * It reads the metadata convention requests used before, for code that still relies on it.
 */
export function getSubcommands(request: PermissionRequest): MetadataReadResult<readonly string[]> {
  const subcommands: unknown = request.metadata?.['subcommands'];
  if (subcommands === undefined || (Array.isArray(subcommands) && subcommands.length === 0)) {
    const target = getRequestTarget(request);
    return target.ok ? { ok: true, values: target.values.map(splitCommandWords) } : target;
  }
  if (!Array.isArray(subcommands)) {
    return { ok: false, problem: 'metadata.subcommands must be an array' };
  }
  const values: (readonly string[])[] = [];
  for (const subcommand of subcommands as readonly unknown[]) {
    if (typeof subcommand === 'string') {
      values.push(splitCommandWords(subcommand));
    } else if (Array.isArray(subcommand) && subcommand.every((word) => typeof word === 'string')) {
      values.push(subcommand);
    } else {
      return {
        ok: false,
        problem: 'every entry of metadata.subcommands must be a string or an array of strings',
      };
    }
  }
  return { ok: true, values };
}
