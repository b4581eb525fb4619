import type { ServiceIdentifier } from 'inversify';
import type { Workspace } from '../index.js';
import type { FileSystemConfig } from './config/FileSystemConfig.js';
import type { FileSystemEnvironment } from './FileSystemEnvironment.js';
import type { ReadTracker } from './ReadTracker.js';

/** The container tokens `fileSystemTools(options)` binds. */
/** The resolved options: protected paths, read-before-write, limits (defaults filled in). */
export const FS_OPTIONS: ServiceIdentifier<FileSystemConfig> = Symbol.for('agentkit-tools-core/fs/Options');
/** The workspace the tools are confined to: their own roots, or the container's `WORKSPACE`. */
export const FS_WORKSPACE: ServiceIdentifier<Workspace> = Symbol.for('agentkit-tools-core/fs/Workspace');
/** What each session has read (read-before-write). */
export const FS_READ_TRACKER: ServiceIdentifier<ReadTracker> = Symbol.for('agentkit-tools-core/fs/ReadTracker');
/**
 * Everything above in one object, injected into every filesystem tool.
 * @internal
 */
export const FS_ENVIRONMENT: ServiceIdentifier<FileSystemEnvironment> = Symbol.for(
  'agentkit-tools-core/fs/Environment',
);
