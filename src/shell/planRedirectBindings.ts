import type { Parser } from 'web-tree-sitter';
import { ToolError, type Workspace } from '../index.js';
import { findRedirectSites } from './findRedirectSites.js';

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
 * swapping a directory on the way for a symlink after the check changes nothing. A redirection
 * inside nested shell code (`bash -c '...'`, `eval`) cannot be pinned: without the OS sandbox
 * (which keeps every write inside the roots anyway) such a command is refused.
 */
export async function planRedirectBindings(
  parser: Parser,
  command: string | undefined,
  checked: { readonly count: number; readonly targets: ReadonlySet<string> },
  cwd: string,
  workspace: Workspace,
  sandboxed: boolean,
): Promise<RedirectBinding[]> {
  if (checked.count === 0) return [];
  const sites = command === undefined ? [] : findRedirectSites(parser, command);
  if (!sandboxed && sites.length < checked.count) {
    throw new ToolError(
      'invalid_input',
      'The command writes through a redirection inside nested shell code (bash -c, sh -c, eval, ...), whose target cannot be pinned before it runs, and the OS sandbox is not in use. ' +
        'Write the redirection in the command line itself (for example `bash -c "..." > out.txt`), or enable the sandbox (install bubblewrap).',
      { reason: 'nested_redirection' },
    );
  }
  const bindings: RedirectBinding[] = [];
  for (const site of sites) {
    const resolved = await workspace.resolve(site.text, { access: 'write', base: cwd });
    if (!checked.targets.has(resolved.path)) {
      throw new ToolError('invalid_input', `The redirection target ${JSON.stringify(site.text)} could not be matched with the checked targets; nothing was run.`, {
        reason: 'redirection_mismatch',
        target: site.text,
      });
    }
    bindings.push({ start: site.start, end: site.end, operator: site.operator, path: resolved.path });
  }
  return bindings;
}
