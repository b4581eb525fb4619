import { ContainerModule, type ContainerModuleLoadOptions, type ResolutionContext } from 'inversify';
import { BasicToolExecutor } from '../executor/BasicToolExecutor.js';
import { MapToolResources } from '../contract/MapToolResources.js';
import { InMemoryApprovalStore } from '../interrupt/InMemoryApprovalStore.js';
import { InMemoryCredentialStore } from '../interrupt/InMemoryCredentialStore.js';
import { DefaultPermissionChecker } from '../permissions/DefaultPermissionChecker.js';
import { UnionPathContainment } from '../permissions/UnionPathContainment.js';
import { discoverToolClasses } from '../registry/discoverToolClasses.js';
import { ToolCatalog } from '../registry/ToolCatalog.js';
import type { ToolSource } from '../registry/ToolSource.js';
import { Workspace } from '../workspace/Workspace.js';
import type { AgentkitModuleOptions } from './AgentkitModuleOptions.js';
import { assertAgentkitModuleOptions } from './assertAgentkitModuleOptions.js';
import { buildNoToolsError } from './buildNoToolsError.js';
import { NoopExecutorObserver } from './NoopExecutorObserver.js';
import {
  APPROVAL_STORE,
  ELICITATION_HANDLER,
  SAMPLING_HANDLER,
  CREDENTIAL_STORE,
  EXECUTOR_OBSERVER,
  MODULE_WORKSPACE,
  PATH_CONTAINMENT,
  PERMISSION_CHECKER,
  TOOL_EXECUTOR,
  TOOL_RESOURCES,
  TOOL_SOURCE,
  WORKSPACE,
} from './tokens.js';

async function createExecutor(context: ResolutionContext, options: AgentkitModuleOptions): Promise<BasicToolExecutor> {
  const discovery = discoverToolClasses(context);
  const sources = context.getAll<ToolSource>(TOOL_SOURCE, { optional: true });
  // An executor with no tool and no source of tools can never run anything: a wiring mistake.
  if (discovery.tools.length === 0 && sources.length === 0) throw buildNoToolsError(discovery.unbound);
  const observer = context.get(EXECUTOR_OBSERVER);
  const report = (sourceId: string, error: Error): void => {
    try {
      observer.onSourceError?.(sourceId, error);
    } catch {
      // An observer never changes what the executor does.
    }
  };
  // Optional: a host that binds none gets the interruptions (`input_required`, `capability_required`).
  const elicitation = context.get(ELICITATION_HANDLER, { optional: true });
  const sampling = context.get(SAMPLING_HANDLER, { optional: true });
  return new BasicToolExecutor({
    ...(elicitation === undefined ? {} : { elicitation }),
    ...(sampling === undefined ? {} : { sampling }),
    // The catalog reloads its registry when a source's tool set changes, and closes the sources with the executor.
    registry: await ToolCatalog.load(discovery.tools, sources, report),
    permissions: context.get(PERMISSION_CHECKER),
    resources: context.get(TOOL_RESOURCES),
    approvals: context.get(APPROVAL_STORE),
    ...(observer instanceof NoopExecutorObserver ? {} : { observer }),
    ...(options.defaultTimeoutMs === undefined ? {} : { defaultTimeoutMs: options.defaultTimeoutMs }),
    ...(options.approvalTtlMs === undefined ? {} : { approvalTtlMs: options.approvalTtlMs }),
    ...(options.maxNestingDepth === undefined ? {} : { maxNestingDepth: options.maxNestingDepth }),
    ...(options.tracing === undefined ? {} : { tracing: options.tracing }),
  });
}

/**
 * The container module that wires agentkit-tools-core: the executor (resolve it with
 * `await container.getAsync(TOOL_EXECUTOR)`) and a singleton default for every other token.
 * A token the host bound before loading the module keeps the host's binding; after loading,
 * `container.rebind(TOKEN)` replaces a default.
 *
 * The default checker counts a path as inside when the container's `WORKSPACE` or the
 * workspace of any loaded built-in module (`MODULE_WORKSPACE`) contains it: roots given to
 * `fileSystemTools` or `shellTools` are inside for the checks as well as for the tools. Load
 * every module before resolving the checker or the executor.
 *
 * @example
 * ```ts
 * import 'reflect-metadata';
 * import { Container } from 'inversify';
 * import { agentkitModule, TOOL_EXECUTOR } from 'agentkit-tools-core';
 * import { fileSystemTools } from 'agentkit-tools-core/fs';
 *
 * const container = new Container();
 * await container.load(agentkitModule({ roots: [{ path: process.cwd() }], defaultTimeoutMs: 30_000 }));
 * await container.load(fileSystemTools({ roots: [{ path: process.cwd(), mode: 'read_only' }] }));
 * const executor = await container.getAsync(TOOL_EXECUTOR);
 * ```
 */
export function agentkitModule(options: AgentkitModuleOptions = {}): ContainerModule {
  assertAgentkitModuleOptions(options);
  // Roots are checked and realpath'ed now, so a missing root fails at start-up.
  const workspace = options.roots === undefined ? Workspace.empty() : Workspace.create(options.roots);
  return new ContainerModule((bindings: ContainerModuleLoadOptions) => {
    const bindDefault = (token: symbol, factory: (context: ResolutionContext) => unknown): void => {
      if (!bindings.isBound(token)) bindings.bind(token).toDynamicValue(factory).inSingletonScope();
    };
    bindDefault(WORKSPACE as symbol, () => workspace);
    bindDefault(PATH_CONTAINMENT as symbol, (context) => {
      const modules = context.getAll(MODULE_WORKSPACE, { optional: true });
      return new UnionPathContainment([context.get(WORKSPACE), ...modules]);
    });
    bindDefault(PERMISSION_CHECKER as symbol, (context) => new DefaultPermissionChecker(context.get(PATH_CONTAINMENT)));
    bindDefault(TOOL_RESOURCES as symbol, () => new MapToolResources());
    bindDefault(CREDENTIAL_STORE as symbol, () => new InMemoryCredentialStore());
    bindDefault(APPROVAL_STORE as symbol, () => new InMemoryApprovalStore());
    bindDefault(EXECUTOR_OBSERVER as symbol, () => new NoopExecutorObserver());
    bindings
      .bind(TOOL_EXECUTOR)
      .toDynamicValue((context) => createExecutor(context, options))
      .inSingletonScope()
      // Unbinding the container starts `executor.close()` (MCP connections, server processes).
      // Synchronously, so inversify's synchronous `unbindAll()` accepts it; `await
      // executor.close()` afterwards waits for the same close to finish.
      .onDeactivation((executor) => {
        executor.close().catch(() => undefined);
      });
  });
}
