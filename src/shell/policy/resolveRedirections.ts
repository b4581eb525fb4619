import { isAbsolute } from 'node:path';
import { ToolError } from '../../index.js';
import { assertNotHardLinked } from './assertNotHardLinked.js';
import type { CommandLineAnalysis } from '../parsing/CommandLineAnalysis.js';
import { ShellRedirectPermissionRequest } from './ShellRedirectPermissionRequest.js';
import type { ShellToolConfig } from '../config/ShellToolConfig.js';

/**
 * One `fs.write` request per output redirection, its target resolved through the workspace
 * for writing (outside the roots, in a read-only root, or a file with several hard links:
 * refused now, `permission_denied`), in the order of `analysis.redirections`.
 * Targets that only exist at run time (`> "$f"`, `> ~/x`, globs), and relative targets of a
 * command that changes directory, cannot be checked and are refused (`invalid_input`).
 */
export async function resolveRedirections(
  analysis: CommandLineAnalysis,
  cwd: string,
  { workspace, protectedPaths }: Pick<ShellToolConfig, 'workspace' | 'protectedPaths'>,
): Promise<ShellRedirectPermissionRequest[]> {
  const requests: ShellRedirectPermissionRequest[] = [];
  for (const { operator, target } of analysis.redirections) {
    if (!target.literal) {
      throw new ToolError(
        'invalid_input',
        `The redirection target ${JSON.stringify(target.text)} is only known when the command runs (it uses an expansion, a glob or ~), so it cannot be checked against the workspace. Write the target as a literal path.`,
        { reason: 'dynamic_redirection', target: target.text },
      );
    }
    if (analysis.changesDirectory && !isAbsolute(target.text)) {
      throw new ToolError(
        'invalid_input',
        `The command changes directory (cd, pushd or popd), so the relative redirection target ${JSON.stringify(target.text)} cannot be located before it runs. Use an absolute path inside the workspace, or the \`cwd\` input instead of cd.`,
        { reason: 'relative_redirection_after_cd', target: target.text },
      );
    }
    const resolved = await workspace.resolve(target.text, { access: 'write', base: cwd });
    if (resolved.exists) await assertNotHardLinked(resolved.path, 'The redirection target');
    requests.push(new ShellRedirectPermissionRequest(resolved.path, operator, protectedPaths.matches(resolved.path)));
  }
  return requests;
}
