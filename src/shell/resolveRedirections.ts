import { isAbsolute } from 'node:path';
import { DEFAULT_PROTECTED_PATHS, ProtectedPathMatcher, ToolError, type Workspace } from '../index.js';
import { assertNotHardLinked } from './assertNotHardLinked.js';
import type { CommandLineAnalysis } from './CommandLineAnalysis.js';
import { ShellRedirectPermissionRequest } from './ShellRedirectPermissionRequest.js';

/** One matcher per workspace, over the core's protected-path defaults. */
const matchers = new WeakMap<Workspace, ProtectedPathMatcher>();

/** The protected-path matcher of a workspace (shared by redirections and program writes). */
export function getMatcher(workspace: Workspace): ProtectedPathMatcher {
  let matcher = matchers.get(workspace);
  if (matcher === undefined) {
    matcher = new ProtectedPathMatcher(DEFAULT_PROTECTED_PATHS, workspace);
    matchers.set(workspace, matcher);
  }
  return matcher;
}

/**
 * One `fs.write` request per output redirection, its target resolved through the workspace
 * for writing (outside the roots, in a read-only root, or a file with several hard links:
 * refused now, `permission_denied`).
 * Targets that only exist at run time (`> "$f"`, `> ~/x`, globs), and relative targets of a
 * command that changes directory, cannot be checked and are refused (`invalid_input`).
 */
export async function resolveRedirections(analysis: CommandLineAnalysis, cwd: string, workspace: Workspace): Promise<ShellRedirectPermissionRequest[]> {
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
    requests.push(new ShellRedirectPermissionRequest(resolved.path, operator, getMatcher(workspace).matches(resolved.path)));
  }
  return requests;
}
