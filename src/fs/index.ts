// agentkit-tools-core/fs: the filesystem tools, their permission requests and their module.
export { fileSystemTools } from './fileSystemTools.js';
export type { FileSystemToolsOptions } from './config/FileSystemToolsOptions.js';
export type { FileSystemLimits } from './config/FileSystemLimits.js';
export { DEFAULT_FILE_SYSTEM_LIMITS } from './config/DEFAULT_FILE_SYSTEM_LIMITS.js';
// A host replaces the read tracker (e.g. one that outlives the process) by rebinding this token.
export { FS_READ_TRACKER } from './tokens.js';
export {
  FileSystemPermissionRequest,
  type FileSystemRequestDetails,
  type FileSystemRequestKind,
} from './FileSystemPermissionRequest.js';
export { FILE_SYSTEM_ERROR_REASONS, type FileSystemErrorReason } from './FileSystemErrorReason.js';
export { ReadTracker, type ReadTrackerLimits } from './ReadTracker.js';
export { FileReadTracker, type FileReadTrackerOptions } from './FileReadTracker.js';
export type { FileSnapshot } from './FileSnapshot.js';
export type { EntryKind } from './walk/WalkEntry.js';
// The tools' inputs (what a host may build a call from); the tool classes themselves are bound by fileSystemTools().
export type { ReadFileInput } from './tools/ReadFileInput.js';
export type { WriteFileInput } from './tools/WriteFileInput.js';
export type { EditFileInput } from './tools/EditFileInput.js';
export type { ListDirectoryInput } from './tools/ListDirectoryInput.js';
export type { CreateDirectoryInput } from './tools/CreateDirectoryInput.js';
export type { DeleteInput } from './tools/DeleteInput.js';
export type { MoveInput } from './tools/MoveInput.js';
export type { GlobInput } from './tools/GlobInput.js';
export type { GrepInput } from './tools/GrepInput.js';
