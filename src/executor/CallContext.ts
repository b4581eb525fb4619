import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';
import { createExecutionScope, type ScopeRunner } from './createExecutionScope.js';
import type { ExecutionFrame } from './ExecutionFrame.js';
import type { PermissionChecker } from '../permissions/PermissionChecker.js';
import type { Abortable } from './runWithDeadline.js';
import type { ToolContext } from '../contract/ToolContext.js';
import type { ToolExecutionScope } from '../contract/ToolExecutionScope.js';
import type { ToolRequest } from '../contract/ToolRequest.js';
import type { ToolResources } from '../contract/ToolResources.js';

/**
 * The context of one call. Its abort signal and nested-call scope are built when a tool first
 * reads them: most calls never do, and an `AbortController` is costly on Node 20.
 */
export class CallContext implements ToolContext, Abortable {
  public readonly sessionId: string;
  public readonly turnId: string;
  public readonly approvedRequest?: ApprovalRequest;
  #controller: AbortController | undefined;
  #aborted = false;
  #abortReason: unknown;
  #scope: ToolExecutionScope | undefined;

  public constructor(
    public readonly request: ToolRequest,
    public readonly input: unknown,
    public readonly permissions: PermissionChecker,
    public readonly resources: ToolResources,
    private readonly frame: ExecutionFrame,
    private readonly runner: ScopeRunner,
    public readonly cancellable: boolean,
  ) {
    const approvedRequest = frame.run?.approval;
    this.sessionId = request.sessionId;
    this.turnId = request.turnId;
    if (approvedRequest !== undefined) this.approvedRequest = approvedRequest;
  }

  public get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#abortReason);
    }
    return this.#controller.signal;
  }

  public get scope(): ToolExecutionScope {
    this.#scope ??= createExecutionScope(this.request, this.frame, () => this.signal, this.runner);
    return this.#scope;
  }

  public abort(reason: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#abortReason = reason;
    this.#controller?.abort(reason);
  }
}
