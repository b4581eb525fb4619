import { isAbsolute } from 'node:path';
import { ToolError } from '../../index.js';
import { assertNotHardLinked } from './assertNotHardLinked.js';
import type { CommandLineAnalysis } from '../parsing/CommandLineAnalysis.js';
import { OUTPUT_SINKS } from '../parsing/readRedirection.js';
import { ShellProgramWritePermissionRequest } from './ShellProgramWritePermissionRequest.js';
import type { ShellToolConfig } from '../config/ShellToolConfig.js';

/**
 * One `fs.write` request per file a program of the command writes by its own options or
 * operands, its target resolved through the workspace for writing like a redirection target:
 * outside the roots, in a read-only root or with several hard links it is refused now
 * (`permission_denied`), a
 * protected path asks. (Targets that expand at run time never get here: they make the command
 * `unknown_write`.) Relative targets of a command that changes directory cannot be located and
 * are refused (`invalid_input`).
 */
export async function resolveProgramWrites(
  analysis: CommandLineAnalysis,
  cwd: string,
  { workspace, protectedPaths }: Pick<ShellToolConfig, 'workspace' | 'protectedPaths'>,
): Promise<ShellProgramWritePermissionRequest[]> {
  const requests: ShellProgramWritePermissionRequest[] = [];
  for (const { program, via, target } of analysis.writes) {
    if (OUTPUT_SINKS.has(target.text) || target.text === '-') continue;
    if (analysis.changesDirectory && !isAbsolute(target.text)) {
      throw new ToolError(
        'invalid_input',
        `The command changes directory (cd, pushd or popd), so the relative path ${JSON.stringify(target.text)} that ${program} writes cannot be located before it runs. Use an absolute path inside the workspace, or the \`cwd\` input instead of cd.`,
        { reason: 'relative_write_after_cd', target: target.text },
      );
    }
    const resolved = await workspace.resolve(target.text, { access: 'write', base: cwd });
    if (resolved.exists) await assertNotHardLinked(resolved.path, `The file ${program} writes,`);
    requests.push(
      new ShellProgramWritePermissionRequest(resolved.path, program, via, protectedPaths.matches(resolved.path)),
    );
  }
  return requests;
}
