import { ToolError } from '../../index.js';
import type { RedirectSite } from '../parsing/CommandLineAnalysis.js';
import type { ShellRedirectPermissionRequest } from './ShellRedirectPermissionRequest.js';

/** An output redirection whose target the runner opens itself and hands to the command. */
export interface RedirectBinding {
  /** Where the target word sits in the command text (UTF-16 offsets). */
  readonly start: number;
  readonly end: number;
  readonly operator: string;
  /** The canonical target that was checked (an approved `fs.write` request's target). */
  readonly path: string;
}

/**
 * Pins every output redirection of a command line to the target that was checked: the runner
 * opens each target itself right before the command starts (through a confirmed handle of its
 * parent directory, never following a link) and the command writes to `/dev/fd/N` instead, so
 * swapping a directory on the way for a symlink after the check changes nothing. `checked` are
 * the redirections' requests, `sites` where each one's target sits in the command text (from
 * the same parse; none for a redirection inside nested shell code). A redirection inside nested
 * shell code (`bash -c '...'`, `eval`) cannot be pinned: without the OS sandbox (which keeps
 * every write inside the roots anyway) such a command is refused.
 */
export function planRedirectBindings(
  checked: readonly ShellRedirectPermissionRequest[],
  sites: readonly (RedirectSite | undefined)[],
  sandboxed: boolean,
): RedirectBinding[] {
  const bindings: RedirectBinding[] = [];
  checked.forEach((request, index) => {
    const site = sites[index];
    if (site !== undefined) {
      bindings.push({ start: site.start, end: site.end, operator: request.operator, path: request.target });
    } else if (!sandboxed) {
      throw new ToolError(
        'invalid_input',
        'The command writes through a redirection inside nested shell code (bash -c, sh -c, eval, ...), whose target cannot be pinned before it runs, and the OS sandbox is not in use. ' +
          'Write the redirection in the command line itself (for example `bash -c "..." > out.txt`), or enable the sandbox (install bubblewrap).',
        { reason: 'nested_redirection' },
      );
    }
  });
  return bindings;
}
