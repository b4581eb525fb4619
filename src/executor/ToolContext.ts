import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';
import type { PermissionChecker } from '../permissions/PermissionChecker.js';
import type { ToolExecutionScope } from './ToolExecutionScope.js';
import type { ToolRequest } from './ToolRequest.js';
import type { ToolResources } from './ToolResources.js';

/** The narrow operational context a tool gets for one call. */
export interface ToolContext {
  readonly request: ToolRequest;
  /** The validated input: an instance of the input class for DTO tools, else `request.input`. */
  readonly input: unknown;
  readonly sessionId: string;
  readonly turnId: string;
  readonly permissions: PermissionChecker;
  readonly resources: ToolResources;
  /** Aborted on cancellation or timeout: stop work and release resources. */
  readonly signal: AbortSignal;
  readonly scope: ToolExecutionScope;
  /** The approval being resumed, when this run is the result of a host approval. */
  readonly approvedRequest?: ApprovalRequest;
}
