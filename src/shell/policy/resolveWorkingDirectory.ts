import { stat } from 'node:fs/promises';
import { ToolError } from '../../index.js';
import type { ShellToolConfig } from '../config/ShellToolConfig.js';

/**
 * The call's working directory as a canonical path inside a root: the input (relative to the
 * configured default), else the configured default, else the first root. It must be an
 * existing directory.
 */
export async function resolveWorkingDirectory(input: string | undefined, config: ShellToolConfig): Promise<string> {
  const { workspace } = config;
  const [first] = workspace.roots;
  // A root is canonical and a directory by construction (checked again right before spawning).
  if (input === undefined && config.cwd === undefined && first !== undefined) return first.path;
  const requested = input ?? config.cwd ?? first?.path ?? '.';
  const base =
    input !== undefined && config.cwd !== undefined
      ? (await workspace.resolve(config.cwd, { access: 'read' })).path
      : undefined;
  const resolved = await workspace.resolve(
    requested,
    base === undefined ? { access: 'read' } : { access: 'read', base },
  );
  const isDirectory =
    resolved.exists &&
    (await stat(resolved.path).then(
      (found) => found.isDirectory(),
      () => false,
    ));
  if (!isDirectory) {
    throw new ToolError(
      'invalid_input',
      `The working directory ${JSON.stringify(requested)} (${resolved.path}) ${resolved.exists ? 'is not a directory' : 'does not exist'}. Pass an existing directory inside the workspace as \`cwd\`.`,
      { reason: 'cwd_not_a_directory', path: requested },
    );
  }
  return resolved.path;
}
