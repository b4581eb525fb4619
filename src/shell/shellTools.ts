import { ContainerModule, type ContainerModuleLoadOptions } from 'inversify';
import { EXECUTOR_OBSERVER, MODULE_WORKSPACE, TOOL_SOURCE, Workspace, WORKSPACE, type ToolSource } from '../index.js';
import { DEFAULT_PROTECTED_PATHS, ProtectedPathMatcher } from '../internal/index.js';
import { announceUnconfined } from './sandbox/announceUnconfined.js';
import { assertShellToolOptions } from './config/assertShellToolOptions.js';
import { buildShellToolConfig } from './config/buildShellToolConfig.js';
import { detectSandbox } from './sandbox/detectSandbox.js';
import { getCwdWorkspace } from './config/getCwdWorkspace.js';
import { getSystemView } from './sandbox/getSystemView.js';
import { assertReadableOutsideRoots } from './sandbox/resolveReadablePaths.js';
import { ShellExecTool } from './ShellExecTool.js';
import { SHELL_TOOL_CONFIG } from './config/SHELL_TOOL_CONFIG.js';
import type { ShellToolConfig } from './config/ShellToolConfig.js';
import type { ShellToolOptions } from './config/ShellToolOptions.js';
import { readElfInterpreter } from './warm/readElfInterpreter.js';
import { SupervisorPool } from './warm/SupervisorPool.js';

/**
 * This container's own pool of warm sandboxes, when its calls can be sandboxed and may run warm.
 * A node without a dynamic loader (a static build) cannot be made non-dumpable the way the
 * supervisor needs (see `SandboxSupervisor`): its calls run cold.
 */
function withSupervisors(config: ShellToolConfig): ShellToolConfig {
  const loader =
    config.warmSandbox && config.bubblewrap !== undefined ? readElfInterpreter(process.execPath) : undefined;
  if (loader === undefined || config.bubblewrap === undefined) return config;
  return {
    ...config,
    supervisors: new SupervisorPool({ bubblewrap: config.bubblewrap, loader, max: config.slots.size }),
  };
}

/**
 * The shell built-in as a container module: binds `shell_exec` and its configuration. With
 * `roots`, its tools use their own workspace; without, the container's `WORKSPACE`; when that
 * has no roots either, a `cwd` option becomes the one (read-write) root. The workspace it acts
 * in is bound under `MODULE_WORKSPACE`, so it is inside for the default permission checker too.
 * Options are checked now (`ToolConfigurationError`); the host environment is read now, once.
 * With `sandbox: 'auto'` where bubblewrap does not work, the executor's observer and the process
 * warnings hear it once, when the tool is created (see `announceUnconfined`).
 * With `network: { allow }`, the proxy that enforces it closes with the executor.
 *
 * @example
 * ```ts
 * import 'reflect-metadata';
 * import { Container } from 'inversify';
 * import { agentkitModule, TOOL_EXECUTOR } from 'agentkit-tools-core';
 * import { shellTools } from 'agentkit-tools-core/shell';
 *
 * const container = new Container();
 * await container.load(
 *   agentkitModule({ roots: [{ path: process.cwd() }] }),
 *   shellTools({ timeoutMs: 30_000, env: { inherit: ['LANG'] }, sandbox: 'auto' }),
 * );
 * const executor = await container.getAsync(TOOL_EXECUTOR);
 * // shell_exec completes with { exitCode, signal, stdout, stderr, timedOut, truncated }; by default it asks first.
 * const outcome = await executor.execute({
 *   callId: 'c1',
 *   toolName: 'shell_exec',
 *   input: { argv: ['git', 'status', '--short'] },
 *   sessionId: 's1',
 *   turnId: 't1',
 *   metadata: {},
 * });
 * ```
 */
export function shellTools(options: ShellToolOptions = {}): ContainerModule {
  assertShellToolOptions(options);
  const ownWorkspace = options.roots === undefined ? undefined : Workspace.create(options.roots);
  // Checks the options at once; the container's workspace is only known when resolved.
  const checked = buildShellToolConfig(options, ownWorkspace ?? Workspace.empty());
  // And probe the sandbox now (once per process), so the first call does not wait for it either.
  // The view is listed now too (/etc's secrets), once per process.
  if (checked.sandbox !== 'off') {
    if (checked.bubblewrap !== undefined) getSystemView();
    void detectSandbox(checked.bubblewrap);
  }
  return new ContainerModule((bindings: ContainerModuleLoadOptions) => {
    bindings
      .bind(SHELL_TOOL_CONFIG)
      .toDynamicValue((context) => {
        if (ownWorkspace !== undefined) return withSupervisors(checked);
        const shared = context.get(WORKSPACE);
        const workspace = shared.roots.length > 0 ? shared : getCwdWorkspace(checked.cwd, shared);
        assertReadableOutsideRoots(checked.readable, workspace);
        return withSupervisors({
          ...checked,
          workspace,
          protectedPaths: new ProtectedPathMatcher(DEFAULT_PROTECTED_PATHS, workspace),
        });
      })
      .inSingletonScope();
    // No tools: its `close()` (run by `executor.close()` and the container's unbinding) ends the warm sandboxes.
    bindings.bind(TOOL_SOURCE).toDynamicValue((context): ToolSource => {
      const { supervisors } = context.get(SHELL_TOOL_CONFIG);
      return { id: 'shell_exec warm sandboxes', loadTools: () => [], close: () => supervisors?.close() };
    });
    bindings.bind(MODULE_WORKSPACE).toDynamicValue((context) => context.get(SHELL_TOOL_CONFIG).workspace);
    bindings
      .bind(ShellExecTool)
      .toSelf()
      .inSingletonScope()
      .onActivation((context, tool) => {
        // Once per executor, when it starts: commands that will run unconfined are announced.
        void announceUnconfined(context.get(SHELL_TOOL_CONFIG), context.get(EXECUTOR_OBSERVER, { optional: true }));
        return tool;
      });
    // The allowed-hosts proxy closes with the executor (`executor.close()`, or unbinding the
    // container), like an MCP connection: a source that contributes no tools, only its close.
    const { network } = checked;
    if (typeof network === 'object') {
      bindings
        .bind(TOOL_SOURCE)
        .toConstantValue({ id: 'shell network proxy', loadTools: () => [], close: () => network.proxy.close() });
    }
  });
}
