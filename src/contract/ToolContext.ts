import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';
import type { PermissionChecker } from '../permissions/PermissionChecker.js';
import type { ToolExecutionScope } from './ToolExecutionScope.js';
import type { ToolRequest } from './ToolRequest.js';
import type { ToolResources } from './ToolResources.js';

/**
 * The narrow operational context a tool gets for one call. `TInput` is the type of `input`:
 * a `@Tool` class's `invoke(input: EchoInput, ctx: ToolContext<EchoInput>)` reads it typed.
 */
export interface ToolContext<TInput = unknown> {
  /** The request being run. */
  readonly request: ToolRequest;
  /** The validated input: an instance of the input class for DTO tools, else `request.input`. */
  readonly input: TInput;
  /** The request's session. */
  readonly sessionId: string;
  /** The request's turn. */
  readonly turnId: string;
  /** The executor's permission checker, for a tool that checks a further side effect itself. */
  readonly permissions: PermissionChecker;
  /** Host-provided shared resources (bound under `TOOL_RESOURCES`). */
  readonly resources: ToolResources;
  /** Aborted on cancellation or timeout: stop work and release resources. */
  readonly signal: AbortSignal;
  /**
   * Whether anything but this call's own deadline can cancel it (the host's signal, a parent
   * call). Reading `signal` builds an `AbortController` (~4 µs on Node 20); a tool that enforces
   * its own, shorter timeout can skip it when this is false.
   */
  readonly cancellable: boolean;
  /** Calls other tools through the full executor path (validation, preflight, permissions). */
  readonly scope: ToolExecutionScope;
  /**
   * What this call's preflight planned, when it returned `{ requests, plan }` (see
   * `PlannedRequests`): handed over by the executor from the same call, after every request
   * passed. `undefined` when the preflight returned only requests, or when the body was called
   * without the executor.
   */
  readonly plan?: unknown;
  /** The approval being resumed, when this run is the result of a host approval. */
  readonly approvedRequest?: ApprovalRequest;
}
