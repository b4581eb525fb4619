import { ContainerModule, type ContainerModuleLoadOptions } from 'inversify';
import { Workspace, WORKSPACE } from '../index.js';
import { buildShellToolConfig } from './buildShellToolConfig.js';
import { detectSandbox } from './detectSandbox.js';
import { getBashParser } from './getBashParser.js';
import { ShellExecTool } from './ShellExecTool.js';
import { SHELL_TOOL_CONFIG } from './SHELL_TOOL_CONFIG.js';
import type { ShellToolOptions } from './ShellToolOptions.js';

/**
 * The shell built-in as a container module: binds `shell_exec` and its configuration. With
 * `roots`, its tools use their own workspace; without, the container's `WORKSPACE`. Options
 * are checked now (`ToolConfigurationError`); the host environment is read now, once.
 */
export function shellTools(options: ShellToolOptions = {}): ContainerModule {
  const ownWorkspace = options.roots === undefined ? undefined : Workspace.create(options.roots);
  // Checks the options at once; the container's workspace is only known when resolved.
  const checked = buildShellToolConfig(options, ownWorkspace ?? Workspace.empty());
  // Start loading the parser's WASM now, so the first call does not wait for it.
  getBashParser().catch(() => undefined);
  // And probe the sandbox now (once per process), so the first call does not wait for it either.
  if (checked.sandbox !== 'off') void detectSandbox(checked.bubblewrap);
  return new ContainerModule((bindings: ContainerModuleLoadOptions) => {
    bindings
      .bind(SHELL_TOOL_CONFIG)
      .toDynamicValue((context) => (ownWorkspace === undefined ? { ...checked, workspace: context.get(WORKSPACE) } : checked))
      .inSingletonScope();
    bindings.bind(ShellExecTool).toSelf().inSingletonScope();
  });
}
