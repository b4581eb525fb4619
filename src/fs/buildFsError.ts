import { ToolError, type JsonObject, type ToolErrorCode } from '../index.js';
import { type WorkspacePathRefusalReason } from '../internal/index.js';
import type { FileSystemErrorReason } from './FileSystemErrorReason.js';

/**
 * A `ToolError` of the filesystem tools: `details.reason` first, then `details.path`, then the
 * rest. Open-time refusals use the workspace's reasons (`final_symlink`, `changed_during_open`, ...).
 */
export function buildFsError(
  code: ToolErrorCode,
  reason: FileSystemErrorReason | WorkspacePathRefusalReason,
  message: string,
  details: JsonObject = {},
  cause?: unknown,
): ToolError {
  return new ToolError(code, message, { reason, ...details }, cause === undefined ? undefined : { cause });
}
