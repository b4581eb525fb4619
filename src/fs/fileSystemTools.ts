import { ContainerModule, type ContainerModuleLoadOptions } from 'inversify';
import { MODULE_WORKSPACE, Workspace, WORKSPACE } from '../index.js';
import { buildFileSystemConfig } from './config/buildFileSystemConfig.js';
import type { FileSystemToolsOptions } from './config/FileSystemToolsOptions.js';
import { FileSystemEnvironment } from './FileSystemEnvironment.js';
import { ReadTracker } from './ReadTracker.js';
import { FS_ENVIRONMENT, FS_OPTIONS, FS_READ_TRACKER, FS_WORKSPACE } from './tokens.js';
import { FILE_SYSTEM_TOOL_CLASSES } from './tools/FILE_SYSTEM_TOOL_CLASSES.js';

/**
 * The container module of the filesystem tools: binds the nine tool classes, `FS_OPTIONS`
 * (the options with defaults filled in), `FS_READ_TRACKER`, `FS_WORKSPACE` (its own roots when
 * given, realpath'ed now so a missing root fails at start-up; else the container's
 * `WORKSPACE`) and `FS_ENVIRONMENT`. Load it next to `agentkitModule()`.
 *
 * Its workspace is also bound under `MODULE_WORKSPACE`, so its own roots are inside for the
 * default permission checker too (`agentkitModule` needs no copy of them).
 *
 * @example
 * ```ts
 * import 'reflect-metadata';
 * import { Container } from 'inversify';
 * import { agentkitModule, TOOL_EXECUTOR } from 'agentkit-tools-core';
 * import { fileSystemTools } from 'agentkit-tools-core/fs';
 *
 * const container = new Container();
 * await container.load(
 *   agentkitModule(),
 *   fileSystemTools({ roots: [{ path: process.cwd() }], requireReadBeforeWrite: true }),
 * );
 * const executor = await container.getAsync(TOOL_EXECUTOR);
 * // The default checker: reads and lists inside the root run; writes, edits and deletes ask first.
 * const outcome = await executor.execute({
 *   callId: 'c1',
 *   toolName: 'fs_read_file',
 *   input: { path: 'package.json', limit: 20 },
 *   sessionId: 's1',
 *   turnId: 't1',
 *   metadata: {},
 * });
 * ```
 */
export function fileSystemTools(options: FileSystemToolsOptions = {}): ContainerModule {
  const config = buildFileSystemConfig(options);
  const ownWorkspace = options.roots === undefined ? undefined : Workspace.create(options.roots);
  return new ContainerModule((bindings: ContainerModuleLoadOptions) => {
    bindings.bind(FS_OPTIONS).toConstantValue(config);
    bindings.bind(FS_READ_TRACKER).toConstantValue(options.readTracker ?? new ReadTracker());
    if (ownWorkspace === undefined) bindings.bind(FS_WORKSPACE).toService(WORKSPACE);
    else bindings.bind(FS_WORKSPACE).toConstantValue(ownWorkspace);
    bindings.bind(MODULE_WORKSPACE).toService(FS_WORKSPACE);
    bindings
      .bind(FS_ENVIRONMENT)
      .toDynamicValue(
        (context) =>
          new FileSystemEnvironment(context.get(FS_WORKSPACE), context.get(FS_OPTIONS), context.get(FS_READ_TRACKER)),
      )
      .inSingletonScope();
    for (const toolClass of FILE_SYSTEM_TOOL_CLASSES) bindings.bind(toolClass).toSelf().inSingletonScope();
  });
}
