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
  /**
   * Whether anything but this call's own deadline can cancel it (the host's signal, a parent
   * call). Reading `signal` builds an `AbortController` (~4 µs on Node 20); a tool that enforces
   * its own, shorter timeout can skip it when this is false.
   */
  readonly cancellable: boolean;
  readonly scope: ToolExecutionScope;
  /** The approval being resumed, when this run is the result of a host approval. */
  readonly approvedRequest?: ApprovalRequest;
}
