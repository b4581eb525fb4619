// agentkit-tools-core/fs: the filesystem tools, their permission requests and their module.
export { fileSystemTools } from './fileSystemTools.js';
export type { FileSystemToolsOptions } from './config/FileSystemToolsOptions.js';
export type { FileSystemLimits } from './config/FileSystemLimits.js';
export type { FileSystemConfig } from './config/FileSystemConfig.js';
export { DEFAULT_FILE_SYSTEM_LIMITS } from './config/DEFAULT_FILE_SYSTEM_LIMITS.js';
// The protected-path defaults live in the core (shared with the shell's redirection targets).
export { DEFAULT_PROTECTED_PATHS } from '../index.js';
export { FS_ENVIRONMENT, FS_OPTIONS, FS_READ_TRACKER, FS_WORKSPACE } from './tokens.js';
export {
  FileSystemPermissionRequest,
  type FileSystemRequestDetails,
  type FileSystemRequestKind,
} from './FileSystemPermissionRequest.js';
export type { FileSystemErrorReason } from './FileSystemErrorReason.js';
export { FileSystemEnvironment, type ResolvedEntry } from './FileSystemEnvironment.js';
export { ReadTracker, type ReadTrackerLimits } from './ReadTracker.js';
export { FileReadTracker, type FileReadTrackerOptions } from './FileReadTracker.js';
export type { FileSnapshot } from './FileSnapshot.js';
export type { EntryKind } from './walk/WalkEntry.js';
export { FILE_SYSTEM_TOOL_CLASSES } from './tools/FILE_SYSTEM_TOOL_CLASSES.js';
export { ReadFileTool } from './tools/ReadFileTool.js';
export { ReadFileInput } from './tools/ReadFileInput.js';
export { WriteFileTool } from './tools/WriteFileTool.js';
export { WriteFileInput } from './tools/WriteFileInput.js';
export { EditFileTool } from './tools/EditFileTool.js';
export { EditFileInput } from './tools/EditFileInput.js';
export { ListDirectoryTool } from './tools/ListDirectoryTool.js';
export { ListDirectoryInput } from './tools/ListDirectoryInput.js';
export { CreateDirectoryTool } from './tools/CreateDirectoryTool.js';
export { CreateDirectoryInput } from './tools/CreateDirectoryInput.js';
export { DeleteTool } from './tools/DeleteTool.js';
export { DeleteInput } from './tools/DeleteInput.js';
export { MoveTool } from './tools/MoveTool.js';
export { MoveInput } from './tools/MoveInput.js';
export { GlobTool } from './tools/GlobTool.js';
export { GlobInput } from './tools/GlobInput.js';
export { GrepTool } from './tools/GrepTool.js';
export { GrepInput } from './tools/GrepInput.js';
